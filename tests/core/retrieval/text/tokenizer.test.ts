import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { tokenize } from "../../../../src/core/retrieval";
import { hashOfRange } from "../../../../src/core/retrieval/text/termHash";
import { NO_TAIL } from "../../../../src/core/retrieval/indexing/termTable";
import { isPlainSeparator } from "../../../../src/core/text/characterClasses";
import { scanTokens, type TermSink } from "../../../../src/core/retrieval/text/tokenizer";

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

	it("hands the index each token with the hash a query's lookup computes for the same string", () => {
		const seen: string[] = [];
		// Whole notes of the bundled example vault (English, Chinese), and a Japanese passage.
		const texts = [
			readFileSync(resolve(EXAMPLE_VAULT, "Welcome.md"), "utf8"),
			readFileSync(resolve(EXAMPLE_VAULT, "Notes/番茄工作法.md"), "utf8"),
			"## はじめに\n\nObsidianはローカルのMarkdownファイルでノートを書くアプリです。[[リンク]]で考えをつなぎます。",
		];
		for (const text of texts) {
			scanTokens(`${text} Queries BOXES classes wishes 𠀀𠀁 ＡＰＩ`, (folded, start, end, tail, hash) => {
				const token = tokenOf(folded, start, end, tail);
				expect(hash).toBe(hashOfRange(token, 0, token.length));
				seen.push(token);
			});
			expect(seen.length).toBeGreaterThan(0);
		}
		expect(seen).toEqual(expect.arrayContaining(["query", "box", "class", "wish", "api", "𠀀𠀁"]));
	});
});

describe("scanTokens into a TermSink", () => {
	const plain = "Daily notes — the “Queries” … boxes\u00a0→ 🚀 classes’ WISHES";

	it("reads a text that is ASCII but for plain separators as bytes, with the tokens and hashes of strings", () => {
		const seen = collected();
		scanTokens(plain, seen.sink);
		expect(seen.tokens).toEqual(tokenize(plain));
		expect(seen.fromBytes).toBe(seen.tokens.length);
	});

	it("reads any other text as strings, folded as a whole", () => {
		for (const text of [
			`${plain} ℹ`,
			`${plain} ™`,
			`${plain} ①`,
			`${plain} ﬁle`,
			`${plain} café`,
			`${plain} İ`,
			`${plain} 3\u212a`,
			`${plain} ✔\ufe0f`,
			`${plain} 知识库`,
		]) {
			const seen = collected();
			scanTokens(text, seen.sink);
			expect(seen.tokens).toEqual(tokenize(text));
			expect(seen.fromBytes).toBe(0);
		}
	});

	it("tells plain separators from characters that NFKC or lower case turn into more, or that join words", () => {
		expect(
			["—", "’", "…", "\u00a0", "→", "🚀", "\u200b", "。"].map((char) => isPlainSeparator(char.codePointAt(0) ?? 0)),
		).toEqual(Array(8).fill(true));
		expect(
			["™", "ℹ", "Ⓐ", "①", "\u0301", "\ufe0f", "é", "\ud800"].map((char) => isPlainSeparator(char.codePointAt(0) ?? 0)),
		).toEqual(Array(8).fill(false));
	});

	it("gives the tokens of strings around every plain separator of the BMP", () => {
		const separators = Array.from({ length: 0x10000 }, (_, code) => code).filter(
			(code) => code >= 0x80 && isPlainSeparator(code),
		);
		expect(separators.length).toBeGreaterThan(1000);
		// Each between letters, and each after another, which NFKC would compose or reorder if it could.
		const text = separators
			.map(
				(code, index) =>
					`a${String.fromCharCode(code)}Queries${String.fromCharCode(separators[(index * 7) % separators.length])}s`,
			)
			.join("");
		const seen = collected();
		scanTokens(text, seen.sink);
		expect(seen.fromBytes).toBeGreaterThan(0);
		expect(seen.tokens).toEqual(tokenize(text));
	});
});

/** A `TermSink` that checks each token's hash and collects the tokens, counting those read as bytes. */
function collected(): { sink: TermSink; tokens: string[]; fromBytes: number } {
	const seen = { tokens: [] as string[], fromBytes: 0 };
	const take = (token: string, hash: number) => {
		expect(hash).toBe(hashOfRange(token, 0, token.length));
		seen.tokens.push(token);
	};
	const sink: TermSink = {
		text: (folded, start, end, tail, hash) => take(tokenOf(folded, start, end, tail), hash),
		bytes: (bytes, start, end, tail, hash) => {
			seen.fromBytes++;
			take(tokenOf(String.fromCharCode(...bytes.subarray(start, end)), 0, end - start, tail), hash);
		},
	};
	return Object.assign(seen, { sink });
}

const EXAMPLE_VAULT = resolve(__dirname, "../../../../examples/vault");

function tokenOf(text: string, start: number, end: number, tail: number): string {
	return text.slice(start, end) + (tail === NO_TAIL ? "" : String.fromCharCode(tail));
}
