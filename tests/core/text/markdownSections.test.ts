import { appendBlock, insertUnderHeadings, scanHeadings } from "../../../src/core/text/markdownSections";

const h2 = (title: string) => ({ level: 2, title });

describe("scanHeadings", () => {
	it("ignores frontmatter, fenced code and tags", () => {
		const note =
			"---\ntitle: '# not a heading'\n---\n# Title ##\n```md\n## inside code\n```\n#tag\n~~~\n# also code\n~~~\n### Real\n";
		expect(scanHeadings(note).map(({ level, title }) => [level, title])).toEqual([
			[1, "Title"],
			[3, "Real"],
		]);
	});
});

describe("insertUnderHeadings", () => {
	it("adds at the end of the section, after its sub-sections and before the next heading of the same level", () => {
		const note = "## Log\n- a\n### Later\n- b\n\n## Candidate\n- c\n";
		expect(insertUnderHeadings(note, [h2("Log")], "- new")).toBe(
			"## Log\n- a\n### Later\n- b\n- new\n\n## Candidate\n- c\n",
		);
	});

	it("fills an empty section right under its heading", () => {
		expect(insertUnderHeadings("## Log\n\n## Next\n", [h2("log")], "- x")).toBe("## Log\n- x\n\n## Next\n");
		expect(insertUnderHeadings("## Log", [h2("Log")], "- x")).toBe("## Log\n- x");
	});

	it("creates a missing heading at the end of the note, after a blank line, keeping the note's final-newline style", () => {
		expect(insertUnderHeadings("# Day\n\nMy own text", [h2("Assistant")], "- x")).toBe(
			"# Day\n\nMy own text\n\n## Assistant\n- x",
		);
		expect(insertUnderHeadings("", [h2("Log")], "- x")).toBe("## Log\n- x\n");
	});

	it("creates a missing sub-heading inside its parent, not at the end of the note", () => {
		const note = "## Assistant\n- a\n\n## Evening\nuser text\n";
		expect(insertUnderHeadings(note, [h2("Assistant"), { level: 3, title: "Log" }], "- b")).toBe(
			"## Assistant\n- a\n\n### Log\n- b\n\n## Evening\nuser text\n",
		);
	});

	it("keeps Windows line endings", () => {
		expect(insertUnderHeadings("## Log\r\n- a\r\n\r\n## Next\r\n", [h2("Log")], "- b\n- c")).toBe(
			"## Log\r\n- a\r\n- b\r\n- c\r\n\r\n## Next\r\n",
		);
	});
});

describe("appendBlock", () => {
	it("appends a line or a paragraph, keeping everything before it", () => {
		expect(appendBlock("- a\n", "- b", "line")).toBe("- a\n- b\n");
		expect(appendBlock("- a", "- b", "line")).toBe("- a\n- b\n");
		expect(appendBlock("text\n", "## New", "paragraph")).toBe("text\n\n## New\n");
		expect(appendBlock("text\n\n\n", "## New", "paragraph")).toBe("text\n\n\n## New\n");
		expect(appendBlock("", "## New", "paragraph")).toBe("## New\n");
	});
});
