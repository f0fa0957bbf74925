import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CURRENT_SCHEMA_VERSION } from "../../src/core/workspace/data/migrations";
import { defaultSettings } from "../../src/core/workspace/data/settings";
import { defaultState } from "../../src/core/workspace/data/state";
import { en } from "../../src/i18n/en";
import { textReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { copyOfExampleVault, runCli, spawnCli } from "./runCli";

// Each case spawns the real command line; a few seconds each on a cold machine.
jest.setTimeout(60_000);

const NOW = ["--now", "2026-11-28T10:00:00Z"];

const fake = useFakeAnthropic();

/** An example vault with daily memory in week 2026-W47. */
function vaultWithAWeek(): string {
	const vault = copyOfExampleVault();
	mkdirSync(join(vault, "memory", "daily"), { recursive: true });
	writeFileSync(
		join(vault, "memory", "daily", "2026-11-17.md"),
		"# 2026-11-17\n\n## Log\n- 09:10 Booked the sleep lab.\n",
	);
	return vault;
}

describe("capture, organize, weekly and taxonomy on the command line", () => {
	it("taxonomy --json prints the inferred role of each folder", () => {
		const run = runCli("taxonomy", "--vault", copyOfExampleVault(), "--json");
		expect(run.code).toBe(0);
		const roles = Object.fromEntries(
			(JSON.parse(run.stdout) as { folder: string; role: string; confidence: number }[]).map((entry) => [
				entry.folder,
				[entry.role, entry.confidence],
			]),
		);
		expect(roles).toMatchObject({
			Journal: ["journal", 0.95],
			Projects: ["projects", 0.9],
			Archive: ["archive", 0.9],
			"Resources/Recipes": ["resources", 0.9],
			People: ["notes", 0.3],
		});
	});

	it("capture prints the created path, never the same twice; organize suggests without moving, --apply moves with links updated", () => {
		const vault = copyOfExampleVault();
		const capture = (title: string, text: string) =>
			runCli("capture", "--vault", vault, "--title", title, "--text", text, ...NOW);
		const first = capture("Sleep lab", "Booked the lab for [[Thesis - sleep and memory]].");
		expect(first).toEqual({ code: 0, stdout: "Inbox/2026-11-28 Sleep lab.md\n", stderr: "" });
		expect(capture("Sleep lab", "again").stdout).toBe("Inbox/2026-11-28 Sleep lab 2.md\n");
		expect(capture("../../escape", "x").stdout).toBe("Inbox/2026-11-28 escape.md\n");
		expect(readFileSync(join(vault, "Inbox/2026-11-28 Sleep lab.md"), "utf8")).toBe(
			"---\ncaptured: 2026-11-28T10:00:00+00:00\nsource: user\n---\n\nBooked the lab for [[Thesis - sleep and memory]].\n",
		);

		writeFileSync(
			join(vault, "Welcome.md"),
			`${readFileSync(join(vault, "Welcome.md"), "utf8")}\nSee [[2026-11-28 Sleep lab]].\n`,
		);
		const suggested = runCli(
			"organize",
			"--vault",
			vault,
			"--note",
			"Inbox/2026-11-28 Sleep lab.md",
			"--offline",
			"--json",
		);
		expect(suggested.code).toBe(0);
		expect(JSON.parse(suggested.stdout)).toEqual({
			folder: "Projects",
			role: "projects",
			confidence: 0.6,
			reasons: ["It links with the project note Thesis - sleep and memory in Projects."],
		});
		expect(existsSync(join(vault, "Inbox/2026-11-28 Sleep lab.md"))).toBe(true);

		const applied = runCli(
			"organize",
			"--vault",
			vault,
			"--note",
			"Inbox/2026-11-28 Sleep lab.md",
			"--offline",
			"--apply",
			"--json",
		);
		expect(JSON.parse(applied.stdout)).toMatchObject({
			folder: "Projects",
			moved: "Projects/2026-11-28 Sleep lab.md",
			linksUpdated: ["Welcome.md"],
		});
		expect(existsSync(join(vault, "Inbox/2026-11-28 Sleep lab.md"))).toBe(false);
		expect(readFileSync(join(vault, "Projects/2026-11-28 Sleep lab.md"), "utf8")).toContain("Booked the lab");
		expect(readFileSync(join(vault, "Welcome.md"), "utf8")).toContain("See [[2026-11-28 Sleep lab]].");
		const audit = readFileSync(join(vault, ".obsidian/plugins/assistant-workspace/audit.jsonl"), "utf8")
			.trim()
			.split("\n");
		expect(JSON.parse(audit[audit.length - 1])).toMatchObject({
			action: "move",
			from: "Inbox/2026-11-28 Sleep lab.md",
			path: "Projects/2026-11-28 Sleep lab.md",
		});
	});

	it("organize --apply refuses a move that would change a verified note until --confirm-verified", () => {
		const vault = copyOfExampleVault();
		const note = "Inbox/2026-11-28 Sleep lab.md";
		expect(
			runCli(
				"capture",
				"--vault",
				vault,
				"--title",
				"Sleep lab",
				"--text",
				"Booked the lab for [[Thesis - sleep and memory]].",
				...NOW,
			).code,
		).toBe(0);
		const checked = '---\nVerified: "Yes"\n---\nChecked against the lab\'s booking: [[2026-11-28 Sleep lab]].\n';
		writeFileSync(join(vault, "Checked.md"), checked);

		const preview = runCli("organize", "--vault", vault, "--note", note, "--offline");
		expect(preview.code).toBe(0);
		expect(preview.stdout).toContain(
			"The move would change verified notes, so it needs --confirm-verified: Checked.md.",
		);

		const refused = runCli("organize", "--vault", vault, "--note", note, "--offline", "--apply");
		expect(refused.code).not.toBe(0);
		expect(refused.stderr).toContain(
			"Not moved: the move would change verified notes (Checked.md); add --confirm-verified to move anyway.",
		);
		expect(existsSync(join(vault, note))).toBe(true);
		expect(readFileSync(join(vault, "Checked.md"), "utf8")).toBe(checked);

		const confirmed = runCli(
			"organize",
			"--vault",
			vault,
			"--note",
			note,
			"--offline",
			"--apply",
			"--confirm-verified",
			"--json",
		);
		expect(JSON.parse(confirmed.stdout)).toMatchObject({
			moved: "Projects/2026-11-28 Sleep lab.md",
			verifiedNotes: ["Checked.md"],
		});
		expect(existsSync(join(vault, note))).toBe(false);
	});

	it("taxonomy --report prints the report Suggest taxonomy changes writes, never calling a folder of private notes empty", () => {
		const run = runCli("taxonomy", "--vault", copyOfExampleVault(), "--report", "--now", "2026-11-28T10:00:00Z");
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(
			/^# Taxonomy suggestions, 2026-11-28\n\nSuggestions only: nothing was moved or created\./,
		);
		// The example vault's Private folder holds one note marked private: counted, never named, never "empty".
		expect(run.stdout).toContain("- Private holds 1 note the assistant does not read (private)");
		expect(run.stdout).not.toMatch(/Private is empty|Health/);
	});

	it("capture and taxonomy follow the inbox folder of the vault's saved settings", () => {
		const vault = copyOfExampleVault();
		const pluginDir = join(vault, ".obsidian", "plugins", "assistant-workspace");
		mkdirSync(pluginDir, { recursive: true });
		writeFileSync(
			join(pluginDir, "data.json"),
			JSON.stringify({
				schemaVersion: CURRENT_SCHEMA_VERSION,
				settings: { ...defaultSettings(), inboxFolder: "00 Captures" },
				state: defaultState(),
			}),
		);
		const capture = runCli("capture", "--vault", vault, "--title", "Sleep lab", "--text", "Booked the lab.", ...NOW);
		expect(capture).toEqual({ code: 0, stdout: "00 Captures/2026-11-28 Sleep lab.md\n", stderr: "" });
		const taxonomy = JSON.parse(runCli("taxonomy", "--vault", vault, "--json").stdout) as {
			folder: string;
			role: string;
			confidence: number;
		}[];
		expect(taxonomy.find((entry) => entry.folder === "00 Captures")).toMatchObject({ role: "inbox", confidence: 0.95 });
	});

	it("weekly prints the summary path, and a second run changes nothing", () => {
		const vault = vaultWithAWeek();
		const run = () => runCli("weekly", "--vault", vault, "--week", "2026-W47", "--offline", ...NOW);
		const first = run();
		expect([first.code, first.stdout]).toEqual([0, "memory/weekly/2026-W47.md\n"]);
		const summary = readFileSync(join(vault, "memory/weekly/2026-W47.md"), "utf8");
		expect(summary).toContain("- 09:10 Booked the sleep lab.");
		const audit = readFileSync(join(vault, ".obsidian/plugins/assistant-workspace/audit.jsonl"), "utf8");
		const second = run();
		expect([second.code, second.stdout]).toEqual([0, "memory/weekly/2026-W47.md\n"]);
		expect(second.stderr).toMatch(/already summarised; nothing changed/);
		expect(readFileSync(join(vault, "memory/weekly/2026-W47.md"), "utf8")).toBe(summary);
		expect(readFileSync(join(vault, ".obsidian/plugins/assistant-workspace/audit.jsonl"), "utf8")).toBe(audit);
		expect(runCli("weekly", "--vault", vault, "--week", "2026-47", "--offline").code).toBe(1);
	});

	it("weekly ends on its own when the model's stream stalls: the stall is named and the week is extracted instead", async () => {
		const vault = vaultWithAWeek();
		fake().enqueue(
			textReply("## Decisions\n- The sleep lab is booked for", { chunkSize: 8, stallAfterEvents: 5 }),
			textReply("not used"),
		);
		const run = await spawnCli(
			["weekly", "--vault", vault, "--week", "2026-W47", "--base-url", fake().baseURL, "--idle-timeout", "0.5", ...NOW],
			{ ANTHROPIC_API_KEY: "test" },
		);
		expect(run.code).toBe(0);
		expect(run.stderr).toContain(
			`The model could not write it (${en["model-error.idle-timeout"]}), so it was extracted from the days' lines.`,
		);
		const summary = readFileSync(join(vault, "memory/weekly/2026-W47.md"), "utf8");
		expect(summary).toContain("- 09:10 Booked the sleep lab.");
		expect(summary).not.toContain("booked for");
	});

	it("weekly stops a model that keeps trickling past --time-limit, and says so", async () => {
		const vault = vaultWithAWeek();
		fake().enqueue(
			textReply("## Decisions\n- The sleep lab is booked, and the rest of the week went on and on.", {
				chunkSize: 2,
				delayMs: 100,
			}),
		);
		const run = await spawnCli(
			["weekly", "--vault", vault, "--week", "2026-W47", "--base-url", fake().baseURL, "--time-limit", "1", ...NOW],
			{ ANTHROPIC_API_KEY: "test" },
		);
		expect(run.code).toBe(0);
		expect(run.stderr).toContain(
			`The model could not write it (${en["model-error.time-limit"]}), so it was extracted from the days' lines.`,
		);
	});
});
