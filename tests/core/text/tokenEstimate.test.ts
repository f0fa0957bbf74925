import { estimateTokens } from "../../../src/core/agent/context";

describe("estimateTokens", () => {
	it("counts four Latin characters as a token, rounding up", () => {
		expect(estimateTokens("")).toBe(0);
		expect(estimateTokens("abcd")).toBe(1);
		expect(estimateTokens("abcde")).toBe(2);
		expect(estimateTokens("The quick brown fox jumps.")).toBe(7);
	});

	it("counts each Chinese, Japanese or Korean character and full-width punctuation mark as a token", () => {
		expect(estimateTokens("记忆系统")).toBe(4);
		expect(estimateTokens("ひらがなカタカナ")).toBe(8);
		expect(estimateTokens("한국어")).toBe(3);
		expect(estimateTokens("你好，世界。")).toBe(6);
	});

	it("adds up mixed text, and counts an emoji once, not per UTF-16 half", () => {
		expect(estimateTokens("Obsidian 笔记")).toBe(5); // 9 × ¼ + 2 = 4.25, rounded up
		expect(estimateTokens("😀😀😀😀")).toBe(1);
	});

	it("is deterministic and never less for a longer text", () => {
		const text = "mixed 文本 and more text, 更多的文本。".repeat(20);
		expect(estimateTokens(text)).toBe(estimateTokens(text));
		for (let end = 1; end < text.length; end++)
			expect(estimateTokens(text.slice(0, end))).toBeLessThanOrEqual(estimateTokens(text.slice(0, end + 1)));
	});
});
