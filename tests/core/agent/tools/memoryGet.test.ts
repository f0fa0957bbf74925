import { PAGE_CHARS } from "../../../../src/core/agent/tools";
import { toolsOver, type ToolVault } from "./toolFixture";

/** A long note: numbered paragraphs of varied length, some lines longer than a page, CJK and emoji. */
function longNote(): string {
	const lines = ["---", "tags: [long]", "---", "# Long note", ""];
	for (let i = 1; i <= 120; i++) lines.push(`Paragraph ${i}: ${"word ".repeat(i % 17)}睡眠と記憶 🧠 end ${i}.`, "");
	lines.push("x".repeat(PAGE_CHARS * 2 + 17), "最后一行没有换行");
	return lines.join("\n");
}

/** The note text of one memory_get page: between the `Source:` line and the closing `[...]` notice. */
function pageText(text: string): string {
	return text.slice(text.indexOf("\n") + 1, text.lastIndexOf("\n\n["));
}

const cursorOf = (text: string) => /"cursor":"([^"]+)"/.exec(text)?.[1];

async function readAllPages(
	tools: ToolVault,
	args: Record<string, unknown>,
): Promise<{ text: string; pages: string[] }> {
	const pages: string[] = [];
	let result = await tools.run("memory_get", args);
	for (;;) {
		expect(result.isError).toBe(false);
		pages.push(result.text);
		const cursor = cursorOf(result.text);
		if (cursor === undefined) break;
		result = await tools.run("memory_get", { path: args.path, cursor });
	}
	return { text: pages.map(pageText).join(""), pages };
}

describe("memory_get", () => {
	const content = longNote();
	const total = content.split("\n").length;

	it("pages a long note with a cursor, and the pages put back together are the note exactly", async () => {
		const tools = await toolsOver({ "Notes/long.md": content });
		const { text, pages } = await readAllPages(tools, { path: "Notes/long.md" });
		expect(text).toBe(content);
		expect(pages.length).toBeGreaterThan(content.length / PAGE_CHARS);
		for (const page of pages) expect(pageText(page).length).toBeLessThanOrEqual(PAGE_CHARS);
		expect(pages[0]).toMatch(/^Source: Notes\/long\.md:1\n---\ntags: \[long\]/);
		expect(pages[0]).toMatch(
			new RegExp(
				`\n\n\\[Page ends at line \\d+ of ${total}\\. More follows: call memory_get with \\{"path":"Notes/long\\.md","cursor":"[^"]+"\\} to read on\\.\\]$`,
			),
		);
		expect(pages.at(-1)).toMatch(new RegExp(`\n\n\\[End of note: ${total} lines\\.\\]$`));
	});

	it("starts each page's Source line at the line the page starts on", async () => {
		const tools = await toolsOver({ "Notes/long.md": content });
		const { pages } = await readAllPages(tools, { path: "Notes/long.md" });
		const lines = content.split("\n");
		for (const page of pages.slice(1)) {
			const line = Number(/^Source: Notes\/long\.md:(\d+)\n/.exec(page)?.[1]);
			expect(lines[line - 1]).toContain(pageText(page).split("\n")[0]);
		}
	});

	it("reads a line range exactly, 1-based and inclusive", async () => {
		const tools = await toolsOver({ "Notes/long.md": content });
		const { text } = await tools.run("memory_get", { path: "Notes/long.md", line_start: 6, line_end: 9 });
		expect(text).toBe(
			`Source: Notes/long.md:6\n${content.split("\n").slice(5, 9).join("\n")}\n\n[End of the lines asked for; the note has ${total} lines.]`,
		);
	});

	it("pages a line range too, and stops at its last line", async () => {
		const tools = await toolsOver({ "Notes/long.md": content });
		const { text } = await readAllPages(tools, { path: "Notes/long.md", line_start: 200, line_end: 243 });
		expect(text).toBe(content.split("\n").slice(199, 243).join("\n"));
	});

	it("reads from line_start to the end, and a line_end past the end stops at the last line", async () => {
		const tools = await toolsOver({ "a.md": "one\ntwo\nthree" });
		expect((await tools.run("memory_get", { path: "a.md", line_start: 2 })).text).toBe(
			"Source: a.md:2\ntwo\nthree\n\n[End of note: 3 lines.]",
		);
		expect((await tools.run("memory_get", { path: "a.md", line_start: 3, line_end: 99 })).text).toBe(
			"Source: a.md:3\nthree\n\n[End of note: 3 lines.]",
		);
	});

	it.each([
		[{ line_start: 5, line_end: 4 }, "- line_end: line_end is before line_start"],
		[{ line_start: 0 }, "- line_start: must be 1 or more: lines are counted from 1"],
		[{ line_start: -3, line_end: 2 }, "- line_start: must be 1 or more"],
		[{ line_end: 0 }, "- line_end: must be 1 or more"],
		[{ line_start: 1.5 }, "- line_start: expected a whole number, not 1.5"],
		[{ line_start: 4 }, "line_start 4 is past the end of the note, which has 3 lines."],
	])("refuses the range %j with a clear error", async (range, message) => {
		const tools = await toolsOver({ "a.md": "one\ntwo\nthree" });
		const result = await tools.run("memory_get", { path: "a.md", ...range });
		expect(result.isError).toBe(true);
		expect(result.text).toMatch(/^Error: /);
		expect(result.text).toContain(message);
		expect(result.text).not.toContain("two");
	});

	it("says when there is no such note, and how paths are written", async () => {
		const tools = await toolsOver({ "a.md": "one" });
		expect(await tools.run("memory_get", { path: "Notes/missing.md" })).toEqual({
			text: 'Error: no note at "Notes/missing.md". Paths are vault paths as memory_search gives them, e.g. "Projects/Atlas.md".',
			isError: true,
		});
	});

	it("reads a note by its link text, as Obsidian resolves it", async () => {
		const tools = await toolsOver({ "People/Dr. Lin.md": "Supervisor." });
		for (const path of ["[[Dr. Lin]]", "Dr. Lin", "[[Dr. Lin|my supervisor]]", "People/Dr. Lin#Contact"]) {
			expect((await tools.run("memory_get", { path })).text).toMatch(/^Source: People\/Dr\. Lin\.md:1\nSupervisor\./);
		}
	});

	it("refuses files that are not notes, and notes over the size limit", async () => {
		const tools = await toolsOver({ "data.json": '{"a": 1}', "big.md": "big ".repeat(600) }, { maxFileBytes: 2048 });
		expect((await tools.run("memory_get", { path: "data.json" })).text).toBe(
			'Error: "data.json" is not a markdown note (.md); only notes can be read.',
		);
		expect((await tools.run("memory_get", { path: "big.md" })).text).toBe(
			'Error: "big.md" is larger than the 2 KB a note may have to be read.',
		);
	});

	it("refuses a cursor it did not give, and one from before the note changed", async () => {
		const tools = await toolsOver({ "Notes/long.md": content });
		const first = await tools.run("memory_get", { path: "Notes/long.md" });
		const cursor = cursorOf(first.text) ?? "";
		expect((await tools.run("memory_get", { path: "Notes/long.md", cursor: "page 2" })).text).toMatch(
			/^Error: that cursor is not one memory_get gave/,
		);
		await tools.vault.process("Notes/long.md", (text) => `${text}\nmore`);
		const stale = await tools.run("memory_get", { path: "Notes/long.md", cursor });
		expect(stale).toEqual({
			text: "Error: the note has changed since that cursor was given. Read it again without a cursor.",
			isError: true,
		});
	});

	it("lists up to 20 of the note's links at the end, each once, with the path to read it at", async () => {
		const links = Array.from({ length: 25 }, (_, i) => `[[Topic ${i}]]`).join(" ");
		const tools = await toolsOver({
			"hub.md": `---\nrelated: "[[Topic 3]]"\n---\nSee [[Topic 0]], [[Topic 0#Intro]] and ${links}.`,
			"Topic 0.md": "zero",
			"Topic 3.md": "three",
		});
		const { text } = await tools.run("memory_get", { path: "hub.md" });
		const listed = text.slice(text.indexOf("\nLinks:\n") + 8).split("\n");
		expect(listed.slice(0, 3)).toEqual([
			"- [[Topic 3]] → Topic 3.md",
			"- [[Topic 0]] → Topic 0.md",
			"- [[Topic 1]] (no such note)",
		]);
		expect(listed).toHaveLength(21);
		expect(listed[20]).toBe("(and 5 more)");
	});

	it("lists only the links of the lines asked for", async () => {
		const tools = await toolsOver({ "a.md": "[[One]]\n[[Two]]\n[[Three]]", "Two.md": "2" });
		const { text } = await tools.run("memory_get", { path: "a.md", line_start: 2, line_end: 2 });
		expect(text).toBe(
			"Source: a.md:2\n[[Two]]\n\n[End of the lines asked for; the note has 3 lines.]\nLinks:\n- [[Two]] → Two.md",
		);
	});
});
