/**
 * @jest-environment jsdom
 */
import { Notice } from "../../../sandbox/obsidianApi";
import { commandPlugin, PLUGIN_DIR, resetCommandTest, runCommand, until } from "./commandFixture";

beforeEach(resetCommandTest);

const VAULT = {
	"memory.md": `# Memory\n\n${"- Prefers short answers, and keeps notes on the Lyon silk archives.\n".repeat(150)}`,
	"HEARTBEAT.md": "# Heartbeat\n\n- [ ] Remind me of deadlines\n",
	"memory/daily/2026-03-11.md": "# 2026-03-11\n\n## Log\n- Found the 1921 register.\n",
	"Projects/Thesis.md": "# Thesis\n",
};

describe("the heartbeat's upkeep", () => {
	it("keeps the vault map and last week's summary, and tells once when memory outgrows its cap", async () => {
		const { app, mock, text } = await commandPlugin(VAULT, { state: { onboardingComplete: true } });
		const writes = () =>
			(app.vault.adapter.hidden.get(`${PLUGIN_DIR}/audit.jsonl`) ?? "")
				.trim()
				.split("\n")
				.filter((line) => line !== "");
		app.workspace.triggerLayoutReady();
		await until(() => Notice.messages.length > 0, "the upkeep");
		expect(await text("Vault map.md")).toContain("| Projects |");
		expect(await text("memory/weekly/2026-W11.md")).toContain("Found the 1921 register.");
		expect(Notice.messages).toEqual([
			expect.stringMatching(/^Long-term memory has grown to about \d+ tokens, past its cap of 2000\./),
		]);
		const written = writes().length;

		// Nothing changed: the next look writes nothing and tells nothing again.
		runCommand(mock, "run-heartbeat");
		await until(() => Notice.messages.length > 1, "the heartbeat's answer");
		expect(Notice.messages.slice(1)).toEqual([
			"The heartbeat needs a model: choose an Anthropic API key in the settings.",
		]);
		expect(writes()).toHaveLength(written);

		// A new folder: the map follows.
		await app.vault.createFolder("Reading");
		await app.vault.create("Reading/Proust.md", "# Proust\n");
		runCommand(mock, "run-heartbeat");
		await until(() => writes().length > written, "the map's refresh");
		expect(await text("Vault map.md")).toContain("| Reading |");
	});

	it("does nothing in the background before onboarding", async () => {
		const { app } = await commandPlugin(VAULT);
		app.workspace.triggerLayoutReady();
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(app.vault.getFileByPath("Vault map.md")).toBeNull();
		expect(app.vault.getFileByPath("memory/weekly/2026-W11.md")).toBeNull();
		expect(Notice.messages).toEqual([]);
	});

	it("archives old daily memory once a day when the archive policy is on, promoting it first, and notes it in today's memory", async () => {
		const old = {
			...VAULT,
			"memory/daily/2026-01-05.md":
				"# 2026-01-05\n\n## Log\n- Chose the title.\n\n## Candidate long-term memory\n- The thesis is on the Lyon silk archives.\n",
		};
		const { app, text } = await commandPlugin(old, {
			state: { onboardingComplete: true },
			settings: { archiveAutomatically: true },
		});
		app.workspace.triggerLayoutReady();
		await until(() => app.vault.getFileByPath("memory/archive/2026/2026-01-05.md") !== null, "the archive");
		await until(() => app.vault.getFileByPath("memory/daily/2026-03-18.md") !== null, "the log");
		expect(await text("memory.md")).toContain(
			"## Promoted from 2026-01-05\n\n- The thesis is on the Lyon silk archives.",
		);
		expect(await text("memory/daily/2026-03-18.md")).toContain(
			"## Heartbeat\n- 09:00 Archive policy: Archived 1 daily note older than 30 days to the memory archive. Promoted the candidate long-term memory of 1 day to memory.md before archiving it.",
		);
		expect(app.vault.getFileByPath("memory/daily/2026-03-11.md")).not.toBeNull();
	});

	it("archives nothing in the background while the archive policy is off", async () => {
		const old = { ...VAULT, "memory/daily/2026-01-05.md": "# 2026-01-05\n\n## Log\n- Chose the title.\n" };
		const { app } = await commandPlugin(old, { state: { onboardingComplete: true } });
		app.workspace.triggerLayoutReady();
		await until(() => app.vault.getFileByPath("Vault map.md") !== null, "the upkeep");
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(app.vault.getFileByPath("memory/daily/2026-01-05.md")).not.toBeNull();
		expect(app.vault.getFiles().some((file) => file.path.startsWith("memory/archive/"))).toBe(false);
	});
});
