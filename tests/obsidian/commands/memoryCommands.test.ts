/**
 * @jest-environment jsdom
 */
import { Notice } from "../../../sandbox/obsidianApi";
import {
	click,
	commandPlugin,
	field,
	modalTitled,
	PLUGIN_DIR,
	resetCommandTest,
	runCommand,
	type,
	until,
} from "./commandFixture";

beforeEach(resetCommandTest);

/** `memory.md` after four months of daily promotions: far past the hot memory cap. */
function grownMemory(): string {
	const days = Array.from({ length: 120 }, (_, n) => {
		const date = new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
		return `## Promoted from ${date}\n\n- Prefers short answers.\n- Worked on chapter ${n % 7} of the thesis, the part about the Lyon silk archives.\n`;
	});
	return `# Memory\n\n${days.join("\n")}`;
}

describe("memory upkeep from the palette", () => {
	it("consolidates long-term memory only as approved, after keeping the old file in the archive", async () => {
		const memory = grownMemory();
		const { mock, text, app } = await commandPlugin({ "memory.md": memory });
		runCommand(mock, "consolidate-memory");
		const modal = await modalTitled("Consolidate memory.md");
		expect(modal.querySelector(".assistant-chat-diff")?.textContent).toContain(
			"Promoted memory, 2026-01-01 to 2026-04-30",
		);
		const proposal = field<HTMLTextAreaElement>(modal, ".assistant-consolidation-text");
		const approved = `${proposal.value}- Added in review: prefers tea.\n`;
		type(proposal, approved);
		expect(modal.querySelector(".assistant-chat-diff")?.textContent).toContain("Added in review: prefers tea.");
		expect(await text("memory.md")).toBe(memory);
		click(modal, "Approve");
		await until(() => Notice.messages.length > 0, "the consolidation");
		expect(Notice.messages).toEqual([
			"Long-term memory consolidated. The previous version is kept at memory 2026-03-18",
		]);
		expect(await text("memory/archive/memory 2026-03-18.md")).toBe(memory);
		expect(await text("memory.md")).toBe(approved);
		expect(
			app.vault
				.getFiles()
				.map((file) => file.path)
				.sort(),
		).toEqual(["memory.md", "memory/archive/memory 2026-03-18.md"]);
	});

	it("proposes nothing while memory fits its cap, and changes nothing on cancel", async () => {
		const { mock } = await commandPlugin({ "memory.md": "# Memory\n- Short answers.\n" });
		runCommand(mock, "consolidate-memory");
		await until(() => Notice.messages.length > 0, "the answer");
		expect(Notice.messages).toEqual(["Long-term memory fits within its cap of 2000 tokens: nothing to consolidate."]);

		const grown = await commandPlugin({ "memory.md": grownMemory() });
		runCommand(grown.mock, "consolidate-memory");
		click(await modalTitled("Consolidate memory.md"), "Cancel");
		expect(await grown.text("memory.md")).toBe(grownMemory());
		expect(grown.app.vault.getFiles()).toHaveLength(1);
	});

	it("names the archived notes and the retention in the singular when there is one of each", async () => {
		const one = await commandPlugin(
			{ "memory/daily/2026-03-10.md": "# 2026-03-10\n- Met Ana.\n" },
			{ settings: { archiveRetentionDays: 1 } },
		);
		runCommand(one.mock, "archive-daily-memory");
		await until(() => Notice.messages.length > 0, "the archive");
		expect(Notice.messages).toEqual(["Archived 1 daily note older than 1 day to the memory archive."]);

		Notice.messages.length = 0;
		const two = await commandPlugin(
			{ "memory/daily/2026-03-09.md": "# 2026-03-09\n", "memory/daily/2026-03-10.md": "# 2026-03-10\n" },
			{ settings: { archiveRetentionDays: 3 } },
		);
		runCommand(two.mock, "archive-daily-memory");
		await until(() => Notice.messages.length > 0, "the archive");
		expect(Notice.messages).toEqual(["Archived 2 daily notes older than 3 days to the memory archive."]);
	});

	it("measures memory against the cap the settings set", async () => {
		const roomy = await commandPlugin({ "memory.md": grownMemory() }, { settings: { hotMemoryCapTokens: 20_000 } });
		runCommand(roomy.mock, "consolidate-memory");
		await until(() => Notice.messages.length > 0, "the answer");
		expect(Notice.messages).toEqual(["Long-term memory fits within its cap of 20000 tokens: nothing to consolidate."]);

		const tight = await commandPlugin(
			{ "memory.md": "# Memory\n\n- Short answers.\n".repeat(80) },
			{ settings: { hotMemoryCapTokens: 500 } },
		);
		runCommand(tight.mock, "consolidate-memory");
		await modalTitled("Consolidate memory.md");
	});

	it("saves a checkpoint with the checkpoint tool's code: today's daily memory and the next chat's resume banner", async () => {
		const { mock, text, app } = await commandPlugin({});
		runCommand(mock, "save-checkpoint");
		const modal = await modalTitled("Save checkpoint");
		type(field(modal, ".assistant-checkpoint-doing"), "Revising chapter 2");
		type(field(modal, ".assistant-checkpoint-next"), "Check the 1921 register");
		type(field(modal, ".assistant-checkpoint-refs"), "[[Chapter 2]], https://example.org/registers");
		click(modal, "Save");
		await until(() => Notice.messages.length > 0, "the checkpoint");
		expect(Notice.messages).toEqual(["Checkpoint saved; the next chat opens with it: 2026-03-18"]);
		const daily = await text("memory/daily/2026-03-18.md");
		expect(daily).toContain("## Checkpoint");
		expect(daily).toContain(
			"- 09:00 Doing: Revising chapter 2\n  Next: Check the 1921 register\n  Refs: [[Chapter 2]], https://example.org/registers\n",
		);
		const saved = JSON.parse(app.vault.adapter.hidden.get(`${PLUGIN_DIR}/data.json`) ?? "{}") as {
			state: { lastCheckpoint: unknown };
		};
		expect(saved.state.lastCheckpoint).toMatchObject({
			doing: "Revising chapter 2",
			nextAction: "Check the 1921 register",
		});
	});

	it("promotes today by default from the day picker, and an archived day picked by its date", async () => {
		const { mock, text } = await commandPlugin({
			"memory.md": "# Memory\n",
			"memory/daily/2026-03-18.md": "# 2026-03-18\n\n## Candidate long-term memory\n- Prefers tea.\n",
			"memory/daily/2026-03-17.md": "# 2026-03-17\n\n## Log\n- Read.\n",
			"memory/archive/2025/2025-11-02.md": "# 2025-11-02\n\n## Candidate long-term memory\n- The thesis is on sleep.\n",
		});
		const pick = async (query: string) => {
			runCommand(mock, "promote-day");
			await until(() => document.querySelector(".modal.prompt .suggestion-item") !== null, "the days");
			const picker = document.querySelector<HTMLElement>(".modal.prompt")!;
			const input = picker.querySelector("input")!;
			input.value = query;
			input.dispatchEvent(new Event("input"));
			return picker;
		};
		const picker = await pick("");
		const rows = Array.from(picker.querySelectorAll(".suggestion-item"));
		expect(
			rows.map((row) => [
				row.querySelector(".suggestion-title")?.textContent,
				row.querySelector(".suggestion-note")?.textContent,
			]),
		).toEqual([
			["Today, 2026-03-18", "Candidates not yet in long-term memory."],
			["2026-03-17", "No candidates to promote."],
			["2025-11-02", "Candidates not yet in long-term memory. In the archive."],
		]);
		expect(rows.map((row) => row.classList.contains("assistant-day-unpromoted"))).toEqual([true, false, true]);
		picker.querySelector("input")!.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
		await until(() => Notice.messages.length > 0, "today's promotion");
		expect(Notice.messages).toEqual(["Promoted the candidate long-term memory of 2026-03-18 to memory.md."]);
		picker.remove();

		const archived = await pick("2025-11");
		expect(archived.querySelectorAll(".suggestion-item")).toHaveLength(1);
		archived.querySelector("input")!.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
		await until(() => Notice.messages.length > 1, "the archived day's promotion");
		expect(Notice.messages[1]).toBe("Promoted the candidate long-term memory of 2025-11-02 to memory.md.");
		expect(await text("memory.md")).toContain("## Promoted from 2025-11-02\n\n- The thesis is on sleep.");
		expect(await text("memory/archive/2025/2025-11-02.md")).toContain("<!-- promoted: 2025-11-02 -->");
	});

	it("builds last week's summary by default, and leaves a summarised week alone", async () => {
		const { mock, text } = await commandPlugin({
			"memory/daily/2026-03-10.md": "# 2026-03-10\n\n## Log\n- Found the 1921 register in Lyon.\n",
			"memory/daily/2026-03-12.md": "# 2026-03-12\n\n## Log\n- Drafted the section on silk prices.\n",
		});
		const build = async (said: string) => {
			runCommand(mock, "build-weekly-summary");
			await until(() => document.querySelector(".modal.prompt .suggestion-item") !== null, "the weeks");
			const picker = document.querySelector<HTMLElement>(".modal.prompt")!;
			// Each week says whether it has daily memory to summarise, and whether it is summarised already.
			const [last, before] = Array.from(picker.querySelectorAll(".suggestion-item"));
			expect(last.querySelector(".suggestion-title")?.textContent).toBe("2026-W11 (last week)");
			expect(last.querySelector(".suggestion-note")?.textContent).toBe(said);
			expect(before.querySelector(".suggestion-note")?.textContent).toBe("No daily memory: nothing to summarise.");
			picker.querySelector("input")!.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
			await until(() => Notice.messages.length > 0, "the summary");
		};
		await build("2 days of daily memory.");
		expect(Notice.messages).toEqual([
			"The summary of 2026-W11 is written, extracted from the days' own lines: 2026-W11",
		]);
		const summary = await text("memory/weekly/2026-W11.md");
		expect(summary).toContain("Found the 1921 register in Lyon.");
		Notice.messages.length = 0;
		await build("2 days of daily memory. Already summarised.");
		expect(Notice.messages).toEqual(["2026-W11 is already summarised; nothing changed: 2026-W11"]);
		expect(await text("memory/weekly/2026-W11.md")).toBe(summary);
	});
});
