import { splitPassages, type OffsetRange } from "../../../../src/core/retrieval/notes/passageSplitter";

const options = { maxChars: 40, overlapChars: 0 };

function passagesOf(text: string, codeBlocks: readonly OffsetRange[] = []): string[] {
	return splitPassages(text, [0, text.length], codeBlocks, options).map(([start, end]) => text.slice(start, end));
}

describe("passage cuts", () => {
	it("ends a passage at the latest paragraph within reach, before a later line", () => {
		const text = `${"a".repeat(22)}\n\nbb\ncc\n${"d".repeat(30)}`;
		expect(passagesOf(text)[0]).toBe("a".repeat(22));
	});

	it("ends a passage at the latest line when no paragraph is within reach", () => {
		const text = `${"a".repeat(22)}\nbb\ncc. ${"d".repeat(30)}`;
		expect(passagesOf(text)[0]).toBe(`${"a".repeat(22)}\nbb`);
	});

	it("prefers a sentence outside a code block to a line inside it", () => {
		const text = `${"a".repeat(22)}. ${"e".repeat(6)}\nff\n${"g".repeat(30)}`;
		const code: OffsetRange = [25, text.length];
		expect(passagesOf(text, [code])[0]).toBe(`${"a".repeat(22)}.`);
	});
});
