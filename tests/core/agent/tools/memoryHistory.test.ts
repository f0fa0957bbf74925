import { MAX_TOOL_OUTPUT_CHARS } from "../../../../src/core/agent/tools";
import { writeToolsOver as toolsOver } from "./writeToolFixture";

/** `YYYY-Www` for the weeks of 2025 and 2026, oldest first. */
const WEEKS = [
	...Array.from({ length: 52 }, (_, i) => `2025-W${String(i + 1).padStart(2, "0")}`),
	...Array.from({ length: 10 }, (_, i) => `2026-W${String(i + 1).padStart(2, "0")}`),
];

function weeklyFiles(
	weeks: readonly string[],
	body = (week: string) => `# ${week}\n\n- What happened in ${week}.\n`,
): Record<string, string> {
	return Object.fromEntries(weeks.map((week) => [`memory/weekly/${week}.md`, body(week)]));
}

describe("memory_history", () => {
	it("gives the latest weeks newest first, then the yearly summaries", async () => {
		const { run } = await toolsOver({
			...weeklyFiles(WEEKS.slice(-3)),
			"memory/yearly/2024.md": "# 2024\n\n- The year of the pilot study.\n",
			"memory/weekly/notes.md": "not a week",
			"memory/weekly/2026-W99.md": "not a week either",
		});
		const { text, isError } = await run("memory_history", { weeks: 2 });
		expect(isError).toBe(false);
		expect(text).toBe(
			[
				"## Weekly summaries, 2026-W10 back to 2026-W09 (2 weeks)",
				"",
				"### 2026-W10 (memory/weekly/2026-W10.md)",
				"# 2026-W10\n\n- What happened in 2026-W10.",
				"",
				"### 2026-W09 (memory/weekly/2026-W09.md)",
				"# 2026-W09\n\n- What happened in 2026-W09.",
				"",
				"## Yearly summaries (1 year)",
				"",
				"### 2024 (memory/yearly/2024.md)",
				"# 2024\n\n- The year of the pilot study.",
			].join("\n"),
		);
	});

	it("returns at most 50 weeks, bounded: what does not fit is listed by path", async () => {
		const { run } = await toolsOver(weeklyFiles(WEEKS, (week) => `# ${week}\n\n${"Long summary line. ".repeat(60)}\n`));
		const { text } = await run("memory_history", { weeks: 50 });
		expect(text.length).toBeLessThanOrEqual(MAX_TOOL_OUTPUT_CHARS);
		expect(text).not.toContain("[Truncated");
		expect(text).toContain("## Weekly summaries, 2026-W10 back to 2025-W13 (50 weeks)");
		expect(text).toContain("### 2026-W10 (memory/weekly/2026-W10.md)");
		expect(text).toContain("Not shown, for lack of room (read each with memory_get):\n");
		expect(text).toContain("- 2025-W13: memory/weekly/2025-W13.md");
		expect(text).not.toContain("2025-W12");
		expect(await run("memory_history", { weeks: 51 })).toMatchObject({
			isError: true,
			text: expect.stringContaining("weeks: must be at most 50") as string,
		});
	});

	it("cuts a long summary and says how to read the rest", async () => {
		const { run } = await toolsOver(
			weeklyFiles(["2026-W10"], () => `# 2026-W10\n\n${"A line of the week.\n".repeat(400)}`),
		);
		const { text } = await run("memory_history", {});
		expect(text).toMatch(
			/\[Cut here: [\d,]+ more characters\. To see them: memory_get \{"path":"memory\/weekly\/2026-W10\.md","line_start":\d+\}\.\]$/,
		);
	});

	it("says so when the history book is empty, and never shows a private summary, not even that there is one", async () => {
		expect((await (await toolsOver({})).run("memory_history", {})).text).toBe(
			"The history book is empty: no weekly summaries in memory/weekly yet. For recent days, call memory_recent.",
		);
		const { run } = await toolsOver({ "memory/weekly/2026-W10.md": "---\nassistant: private\n---\nquetzal" });
		const { text } = await run("memory_history", {});
		expect(text).toBe(
			"The history book is empty: no weekly summaries in memory/weekly yet. For recent days, call memory_recent.",
		);
		expect(text).not.toContain("quetzal");
	});
});
