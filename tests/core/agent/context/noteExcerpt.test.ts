import { noteExcerpt } from "../../../../src/core/agent/context/noteExcerpt";
import { estimateTokens } from "../../../../src/core/agent/context";
import { numberedLines } from "./contextFixture";

const SEED_HEAD_SHARE = 6000 / 7800;

/** The marker's parts: the `memory_get` call it suggests. */
function markerCall(text: string): { path: string; line_start: number; line_end: number } {
	const match =
		/\[… (?:lines? [\d–]+) of (.+?) not shown here \(about [\d,]+ tokens?\)\. Read them with memory_get (\{.*?\}) …\]/.exec(
			text,
		);
	if (match === null) throw new Error(`no marker in:\n${text}`);
	return JSON.parse(match[2]) as { path: string; line_start: number; line_end: number };
}

/** The 1-based lines `first` to `last` of `text`, joined as they are written. */
function linesOf(text: string, first: number, last: number): string {
	return text
		.split("\n")
		.slice(first - 1, last)
		.join("\n");
}

describe("noteExcerpt", () => {
	it("keeps a note that fits whole, untouched", () => {
		const note = { path: "a.md", text: "short\nnote\n" };
		expect(noteExcerpt(note, 100, SEED_HEAD_SHARE, "note-budget")).toEqual({ text: note.text, tokens: 3, cut: null });
	});

	it("keeps the head and the tail of a long note around a marker naming the path and the omitted lines", () => {
		const text = numberedLines("soul", 400);
		const excerpt = noteExcerpt({ path: "Assistant/soul.md", text }, 2000, SEED_HEAD_SHARE, "note-budget");

		expect(excerpt.tokens).toBeLessThanOrEqual(2000);
		expect(excerpt.tokens).toBeGreaterThan(1900);
		const [head, tail] = excerpt.text.split(/\[….*…\]\n?/);
		expect(text.startsWith(head)).toBe(true);
		expect(text.endsWith(tail)).toBe(true);
		// The seed's proportions: about 6,000 characters of head for 1,800 of tail.
		expect(head.length / tail.length).toBeGreaterThan(3);
		expect(head.length / tail.length).toBeLessThan(3.7);

		const call = markerCall(excerpt.text);
		expect(call.path).toBe("Assistant/soul.md");
		// Whole lines were cut: head, the lines the marker names, and tail put the note back together.
		expect(head + linesOf(text, call.line_start, call.line_end) + "\n" + tail).toBe(text);
		expect(excerpt.cut).toMatchObject({
			subject: "Assistant/soul.md",
			kind: "shortened",
			reason: "note-budget",
			omittedLines: [{ firstLine: call.line_start, lastLine: call.line_end }],
		});
		expect(excerpt.cut?.omittedTokens).toBe(estimateTokens(linesOf(text, call.line_start, call.line_end) + "\n"));
	});

	it("cuts inside a single long line without splitting a character, the marker naming that line", () => {
		const text = "😀".repeat(3000);
		const excerpt = noteExcerpt({ path: "emoji.md", text }, 300, SEED_HEAD_SHARE, "layer-budget");
		expect(excerpt.tokens).toBeLessThanOrEqual(300);
		expect(excerpt.text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
		expect(markerCall(excerpt.text)).toEqual({ path: "emoji.md", line_start: 1, line_end: 1 });
	});

	it("sends only the marker when the budget cannot hold more", () => {
		const excerpt = noteExcerpt({ path: "a.md", text: numberedLines("a", 50) }, 10, SEED_HEAD_SHARE, "layer-budget");
		expect(excerpt.text).toMatch(/^\[… lines 1–50 of a\.md not shown here/);
	});
});
