import { MAX_TOOL_OUTPUT_CHARS, NO_MATCHES } from "../../../../src/core/agent/tools";
import { toolsOver } from "./toolFixture";

const RESULT_LINE = /^(\d+)\. (.+?):(\d+) {2}(.*?)\s?\((\d+\.\d\d)\)$/;

describe("memory_search", () => {
	it("lists `N. path:line  heading (score)` and the snippet below, best first", async () => {
		const { run } = await toolsOver({
			"Notes/Kayak.md":
				"# Kayak\n\n## Gear\nPaddle, spray deck.\n\n## Routes\nThe kayak route along the fjord takes a day.",
			"Journal.md": "Talked about a kayak once.",
		});
		const { text, isError } = await run("memory_search", { query: "kayak route" });
		expect(isError).toBe(false);
		const lines = text.split("\n");
		expect(lines).toHaveLength(4);
		expect(lines[0]).toMatch(RESULT_LINE);
		expect(lines[0]).toMatch(/^1\. Notes\/Kayak\.md:7 {2}Kayak > Routes \(\d+\.\d\d\)$/);
		expect(lines[1]).toBe("   The kayak route along the fjord takes a day.");
		expect(lines[2]).toMatch(/^2\. Journal\.md:1 {2}\(\d+\.\d\d\)$/);
		expect(lines[3]).toBe("   Talked about a kayak once.");
		const scores = [lines[0], lines[2]].map((line) => Number(RESULT_LINE.exec(line)?.[5]));
		expect(scores[0]).toBeGreaterThan(scores[1]);
	});

	it("answers exactly the no-match sentence when nothing matches", async () => {
		const { run } = await toolsOver({ "a.md": "Nothing relevant here." });
		// The answer as data holds nothing either, and no note is named.
		expect(await run("memory_search", { query: "xylophone" })).toEqual({
			text: NO_MATCHES,
			isError: false,
			display: { kind: "search-answer", answer: { matches: [], best: null, linked: null } },
		});
		expect(NO_MATCHES).toBe("No matching memories found.");
	});

	it("keeps snippets within 300 characters, around the hit", async () => {
		const long = `${"Lorem ipsum dolor sit amet. ".repeat(30)}The quokka smiles. ${"Consectetur adipiscing elit. ".repeat(30)}`;
		const { run } = await toolsOver({ "a.md": long });
		const snippet = (await run("memory_search", { query: "quokka" })).text.split("\n")[1].slice(3);
		expect(snippet.length).toBeLessThanOrEqual(300);
		expect(snippet).toContain("quokka");
	});

	it("applies filters before the limit", async () => {
		const files: Record<string, string> = {};
		for (let i = 0; i < 10; i++) files[`loud/${i}.md`] = "Standup meeting. Meeting notes: meeting, meeting.";
		files["atlas/quiet.md"] = "---\ntags: [project/atlas]\n---\nOne meeting, long ago, among many other words here.";
		files["memory/daily/2026-03-10.md"] = "A meeting about the budget.";
		const { run } = await toolsOver(files);
		const paths = async (args: object) =>
			[...(await run("memory_search", { query: "meeting", limit: 2, ...args })).text.matchAll(/^\d+\. (.+?):/gm)].map(
				(m) => m[1],
			);
		expect(await paths({ tags: ["project"] })).toEqual(["atlas/quiet.md"]);
		expect(await paths({ folder: "atlas" })).toEqual(["atlas/quiet.md"]);
		expect(await paths({ kind: "daily" })).toEqual(["memory/daily/2026-03-10.md"]);
		expect(await paths({ since: "2026-03-09", until: "2026-03-11" })).toEqual(["memory/daily/2026-03-10.md"]);
		expect(await paths({})).toHaveLength(2);
	});

	it.each([
		[{ query: "" }, "- query: must be at least 1 character long"],
		[{ query: "x".repeat(2001) }, "- query: must be at most 2000 characters long"],
		[{}, "- query: missing: expected a string"],
		[{ query: "a", limit: 21 }, "- limit: must be at most 20"],
		[{ query: "a", limit: 0 }, "- limit: must be at least 1"],
		[{ query: "a", limit: 2.5 }, "- limit: expected a whole number, not 2.5"],
		[{ query: "a", kind: "journal" }, '- kind: must be one of "daily", "weekly", "longterm", "inbox", "notes"'],
		[{ query: "a", since: "2026-02-30" }, "- since: must be a calendar date written YYYY-MM-DD"],
		[{ query: "a", since: "2026-03-10", until: "2026-03-01" }, "- until: `since` is after `until`: no day can match"],
		[{ query: "a", tags: "project" }, "- tags: expected an array, not a string"],
		[{ query: "a", top_k: 3 }, '- arguments: unknown argument "top_k"'],
		["sleep", "- arguments: expected an object, not a string"],
		[null, "- arguments: expected an object, not null"],
	])("turns bad arguments %j into a clear error", async (args, message) => {
		const { run } = await toolsOver({ "a.md": "a" });
		expect(await run("memory_search", args)).toEqual({
			text: `Error: invalid arguments for memory_search:\n${message}`,
			isError: true,
		});
	});

	it("bounds its answer to 12,000 characters and says it was cut", async () => {
		const files: Record<string, string> = {};
		const heading = (level: number, i: number) =>
			`${"#".repeat(level)} ${`Section ${i}.${level} about lanterns `.repeat(12)}`;
		for (let i = 0; i < 20; i++)
			files[`Notes/${"deeply nested folder/".repeat(4)}note ${i}.md`] =
				`${heading(1, i)}\n${heading(2, i)}\nLantern text ${"lantern ".repeat(60)}`;
		const { run } = await toolsOver(files);
		const { text, isError } = await run("memory_search", { query: "lantern", limit: 20 });
		expect(isError).toBe(false);
		expect(text.length).toBeLessThanOrEqual(MAX_TOOL_OUTPUT_CHARS);
		expect(text).toMatch(
			/\n\n\[Truncated: this answer had \d{2},\d{3} characters and stops at the limit of 12,000\. Ask for less \(a lower limit, a line range, a cursor\) to see the rest\.\]$/,
		);
		const kept = text.slice(0, text.lastIndexOf("\n\n[Truncated"));
		// Cut between lines: every line kept is whole, the best line's title, a result's title, a passage's line or the blank between.
		for (const line of kept.split("\n"))
			expect(line).toMatch(/^Best line: .+|^$|^\d+\. .+ \(\d+\.\d\d\)$|^ {3}Lantern text/);
	});
});
