import {
	keywordCoverage,
	modelReads,
	READS_ALL,
	vectorTrust,
	type TrustInput,
} from "../../../../src/core/retrieval/ranking/vectorTrust";

const ENGLISH_ONLY = { readsCjk: false };
const trustOf = (input: Partial<TrustInput> & { query: string }) =>
	vectorTrust({ coverage: READS_ALL, readableShare: 1, keywordCoverage: 0, ...input });

describe("how much a vector list is trusted", () => {
	it("ignores a model's vectors for a question in a script it does not read", () => {
		expect(trustOf({ query: "能自由摆放便签方块的无限空间", coverage: ENGLISH_ONLY })).toBe(0);
		expect(trustOf({ query: "付箋みたいな箱を並べたい", coverage: ENGLISH_ONLY })).toBe(0);
		expect(trustOf({ query: "a whiteboard with boxes and arrows", coverage: ENGLISH_ONLY })).toBe(1);
	});

	it("trusts a multilingual model with every language", () => {
		expect(trustOf({ query: "能自由摆放便签方块的无限空间" })).toBe(1);
	});

	it("weighs the vectors less in a vault the model reads little of", () => {
		expect(trustOf({ query: "dark colours at night", coverage: ENGLISH_ONLY, readableShare: 0.1 })).toBeCloseTo(0.1);
	});

	it("leaves a question keyword search holds nearly whole to keywords, and one it barely matches to meaning", () => {
		expect(trustOf({ query: "graph view colour groups", keywordCoverage: 1 })).toBe(0);
		expect(trustOf({ query: "graph view colour groups", keywordCoverage: 0.8 })).toBe(0);
		expect(trustOf({ query: "a map of my pages as dots", keywordCoverage: 0.25 })).toBe(1);
		const between = trustOf({ query: "a map of my pages as dots", keywordCoverage: 0.65 });
		expect(between).toBeGreaterThan(0);
		expect(between).toBeLessThan(1);
	});
});

describe("how much of a query a keyword match holds", () => {
	it("counts the query's search terms, stop words left out", () => {
		expect(keywordCoverage("the dots of my graph", ["graph"])).toBeCloseTo(1 / 2);
		expect(keywordCoverage("graph view", ["graph", "view"])).toBe(1);
		expect(keywordCoverage("the", [])).toBe(0);
	});
});

describe("which texts a model reads", () => {
	it("reads a Chinese text with an English product name in it as Chinese", () => {
		expect(modelReads(ENGLISH_ONLY, "在 Obsidian 中使用白板整理想法")).toBe(false);
		expect(modelReads(ENGLISH_ONLY, "Use Canvas to lay out ideas (白板)")).toBe(true);
		expect(modelReads(READS_ALL, "在 Obsidian 中使用白板整理想法")).toBe(true);
	});
});
