import { modelReads, READS_ALL, vectorTrust } from "../../../../src/core/retrieval/ranking/vectorTrust";

const ENGLISH_ONLY = { readsCjk: false };
const clear = [0.62, 0.31, 0.3, 0.29, 0.28, 0.27, 0.26, 0.25];
const flat = [0.31, 0.31, 0.3, 0.3, 0.3, 0.29, 0.29, 0.29];

describe("how much a vector list is trusted", () => {
	it("ignores a model's vectors for a question in a script it does not read", () => {
		expect(vectorTrust("能自由摆放便签方块的无限空间", clear, ENGLISH_ONLY)).toBe(0);
		expect(vectorTrust("付箋みたいな箱を並べたい", clear, ENGLISH_ONLY)).toBe(0);
		expect(vectorTrust("a whiteboard with boxes and arrows", clear, ENGLISH_ONLY)).toBe(1);
	});

	it("trusts a multilingual model with every language", () => {
		expect(vectorTrust("能自由摆放便签方块的无限空间", clear, READS_ALL)).toBe(1);
	});

	it("trusts a list whose best stands out more than one whose similarities are all alike", () => {
		const params = { lowMargin: 1, highMargin: 3 };
		expect(vectorTrust("boxes and arrows", clear, READS_ALL, params)).toBeGreaterThan(
			vectorTrust("boxes and arrows", flat, READS_ALL, params),
		);
		expect(vectorTrust("boxes and arrows", [0.3, 0.3, 0.3], READS_ALL, params)).toBe(0);
	});

	it("reads a Chinese text with an English product name in it as Chinese", () => {
		expect(modelReads(ENGLISH_ONLY, "在 Obsidian 中使用白板整理想法")).toBe(false);
		expect(modelReads(ENGLISH_ONLY, "Use Canvas to lay out ideas (白板)")).toBe(true);
	});
});
