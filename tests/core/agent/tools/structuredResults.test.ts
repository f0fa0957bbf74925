import { toolsOver } from "./toolFixture";
import { writeToolsOver } from "./writeToolFixture";

/**
 * Each read tool's result as data: the notes and lines it names, which the chat links and the
 * transcript keeps, taken from what the tool found rather than from its text.
 */
describe("the notes a read tool's result names", () => {
	it("memory_search: the best line, the notes found best first, the notes linked from the first, each place once", async () => {
		const { run } = await toolsOver({
			"Notes/Kayak.md":
				"# Kayak\n\n## Gear\nPaddle, spray deck.\n\n## Routes\nThe kayak route along the fjord takes a day. See [[Fjord]].",
			"Journal.md": "Talked about a kayak once.",
			"Fjord.md": "# Fjord\n\nDeep water, cold all year.",
		});
		const result = await run("memory_search", { query: "kayak route" });
		expect(result.locations).toEqual([
			{ path: "Notes/Kayak.md", line: 7, heading: "Kayak > Routes" },
			{ path: "Journal.md", line: 1 },
			{ path: "Fjord.md", line: 3, heading: "Fjord" },
		]);
	});

	it("memory_get: the note as resolved from a link, at the first line of the page read; a failed read names none", async () => {
		const { run } = await toolsOver({ "Projects/Atlas.md": "# Atlas\n\nIntro.\n\n## Schedule\n\nShips in March.\n" });
		expect((await run("memory_get", { path: "[[Atlas]]", line_start: 5 })).locations).toEqual([
			{ path: "Projects/Atlas.md", line: 5 },
		]);
		expect((await run("memory_get", { path: "missing.md" })).locations).toBeUndefined();
	});

	it("memory_recent: the notes shown, never one it was refused", async () => {
		const { run } = await toolsOver(
			{
				"memory.md": "# Memory\n- Prefers tea.\n",
				"memory/daily/2026-03-15.md": `- ${"A long day. ".repeat(20)}\n`,
				"memory/daily/2026-03-14.md": "- Met Dr. Lin.\n",
			},
			{ maxFileBytes: 100 },
		);
		const result = await run("memory_recent", { days: 2 });
		expect(result.text).toContain("### 2026-03-15 (memory/daily/2026-03-15.md)\nNot shown.");
		expect(result.locations).toEqual([{ path: "memory.md" }, { path: "memory/daily/2026-03-14.md" }]);
	});

	it("memory_history: the summaries shown, then those listed for lack of room", async () => {
		const weeks = Array.from({ length: 6 }, (_, i) => `2026-W${String(i + 1).padStart(2, "0")}`);
		const { run } = await writeToolsOver(
			Object.fromEntries(
				weeks.map((week) => [`memory/weekly/${week}.md`, `# ${week}\n\n${"Long summary line. ".repeat(160)}\n`]),
			),
		);
		const result = await run("memory_history", { weeks: 6 });
		expect(result.text).toContain("Not shown, for lack of room");
		const paths = (result.locations ?? []).map((location) => location.path);
		expect(paths).toEqual([...weeks].reverse().map((week) => `memory/weekly/${week}.md`));
		expect(result.locations?.every((location) => location.line === undefined)).toBe(true);
	});
});
