import { tokenize } from "../../../src/core/retrieval";

describe("tokenizer", () => {
	it("folds case and compatibility forms, so full-width and ligature spellings match", () => {
		expect(tokenize("Ｏｂｓｉｄｉａｎ ＡＰＩ")).toEqual(["obsidian", "api"]);
		expect(tokenize("ﬁle Office")).toEqual(["file", "office"]);
	});

	it("keeps words with digits and drops English stopwords", () => {
		expect(tokenize("What is the plan for Q3 2026, v2?")).toEqual(["plan", "q3", "2026", "v2"]);
	});

	it("folds English plurals onto the singular", () => {
		expect(tokenize("daily notes queries classes boxes status analysis")).toEqual([
			"daily",
			"note",
			"query",
			"class",
			"box",
			"status",
			"analysis",
		]);
	});

	it("turns a run of Han characters into overlapping bigrams and drops Chinese stopwords", () => {
		expect(tokenize("向量数据库")).toEqual(["向量", "量数", "数据", "据库"]);
		expect(tokenize("我们的计划")).toEqual(["们的", "的计", "计划"]);
	});

	it("keeps a one-character CJK run as one token, unless it is a stopword", () => {
		expect(tokenize("猫 and 的")).toEqual(["猫"]);
	});

	it("drops CJK punctuation, which only separates runs", () => {
		expect(tokenize("知识库。图谱、链接")).toEqual(["知识", "识库", "图谱", "链接"]);
	});

	it("bigrams Japanese (kanji and kana together) and Korean", () => {
		expect(tokenize("グラフビュー")).toEqual(["グラ", "ラフ", "フビ", "ビュ", "ュー"]);
		expect(tokenize("日本語")).toEqual(["日本", "本語"]);
		expect(tokenize("한국어")).toEqual(["한국", "국어"]);
	});

	it("separates Latin words from CJK runs written without spaces", () => {
		expect(tokenize("用Obsidian记笔记")).toEqual(["用", "obsidian", "记笔", "笔记"]);
	});

	it("drops runaway tokens such as hashes", () => {
		expect(tokenize(`id ${"a1".repeat(30)} end`)).toEqual(["id", "end"]);
	});
});
