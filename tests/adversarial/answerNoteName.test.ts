/**
 * "Save as note" names the note after the question the user typed, which can be anything: the
 * name must stay one plain file name in the folder chosen, one every platform accepts, whatever
 * the question holds.
 */
import { answerNoteFileName } from "../../src/core/agent/answerNote";
import { utf8ByteLength } from "../../src/core/audit/hash";

const CRAFTED = [
	"../../.obsidian/plugins/x/main.js?",
	"/etc/passwd",
	"..\\..\\Windows\\system.ini",
	"a\0b.md",
	"CON?",
	"nul.txt",
	"   .. ",
	"Summary.md",
	"What is in notes.md?",
	"report.MD.md",
	"x".repeat(10_000),
	"长".repeat(10_000),
	"😀".repeat(500),
	".hidden note?",
	"[[Private/Secret]]#^block|alias",
];

describe("a saved answer's name, whatever the question", () => {
	it.each(CRAFTED.map((question) => [question.slice(0, 40), question]))(
		"is one safe file name for %j",
		(_, question) => {
			const name = answerNoteFileName(question);
			expect(name).toMatch(/\.md$/);
			expect(name).not.toMatch(/[\\/:*?"<>|#^[\]\0]/);
			expect(name.startsWith(".")).toBe(false);
			expect(/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(name)).toBe(false);
			expect(utf8ByteLength(name)).toBeLessThanOrEqual(200);
		},
	);

	it("does not end in .md twice when the question names a file", () => {
		expect(answerNoteFileName("Summary.md")).toBe("Summary.md");
		expect(answerNoteFileName("What is in notes.md?")).toBe("What is in notes.md");
		expect(answerNoteFileName("report.MD.md")).toBe("report.md");
	});
});
