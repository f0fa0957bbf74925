import { indexOfVault, NOW, searchPaths } from "./vaultFixtures";

describe("a lone CJK character in a query", () => {
	const index = indexOfVault({
		"菜谱/麻婆豆腐.md": "# 麻婆豆腐\n豆腐切块，盐水焯一分钟。\n撒花椒粉和葱花。",
		"菜谱/拌黄瓜.md": "# 拌黄瓜\n黄瓜拍碎。\n盐：两克",
		"菜谱/煎饼.md": "# 煎饼\n面糊摊开，小火烙饼。",
		"notes/Brine.md": "# Brine\nDissolve salt in warm water before soaking the tofu.",
	});

	it("finds the notes that have it inside a word", () => {
		expect(searchPaths(index, "葱")).toEqual(["菜谱/麻婆豆腐.md"]);
		expect(searchPaths(index, "盐")).toContain("菜谱/麻婆豆腐.md");
	});

	it("ranks a note with the character on its own above one with it inside a word", () => {
		expect(searchPaths(index, "盐")).toEqual(["菜谱/拌黄瓜.md", "菜谱/麻婆豆腐.md"]);
	});

	it("reports the character as what matched, for highlighting", () => {
		const [hit] = index.search("葱", { now: NOW });
		expect(hit.matchedTerms).toEqual(["葱"]);
	});

	it("finds a Japanese or Korean character inside a word too", () => {
		const asian = indexOfVault({ "ja/猫.md": "黒猫が好きです。", "ko/요리.md": "소금물에 담가 두세요." });
		expect(searchPaths(asian, "猫")).toEqual(["ja/猫.md"]);
		expect(searchPaths(asian, "물")).toEqual(["ko/요리.md"]);
	});

	it("finds nothing for a character no note has", () => {
		expect(searchPaths(index, "鑫")).toEqual([]);
	});

	it("leaves an English query as it was", () => {
		const [hit, ...rest] = index.search("salt water", { now: NOW });
		expect(hit.path).toBe("notes/Brine.md");
		expect(hit.matchedTerms).toEqual(["salt", "water"]);
		expect(rest).toEqual([]);
	});
});

describe("a three-character CJK word", () => {
	const index = indexOfVault({
		"菜谱/葱花饼.md": "# 家常做法\n葱花饼要用烫面。",
		"菜谱/麻婆豆腐.md": "# 麻婆豆腐\n撒花椒粉和葱花。",
		"菜谱/煎饼.md": "# 煎饼\n面糊摊开，小火烙饼。",
		"杂记/天气.md": "# 天气\n今天下雨。",
	});

	it("finds the notes that have it, first", () => {
		expect(searchPaths(index, "葱花饼")[0]).toBe("菜谱/葱花饼.md");
	});

	it("keeps its last character when no note has the bigram that ends it", () => {
		const fresh = indexOfVault({
			"菜谱/麻婆豆腐.md": "# 麻婆豆腐\n撒花椒粉和葱花。",
			"菜谱/煎饼.md": "# 煎饼\n面糊摊开，小火烙饼。",
			"杂记/天气.md": "# 天气\n今天下雨。",
		});
		expect(searchPaths(fresh, "葱花饼").sort()).toEqual(["菜谱/煎饼.md", "菜谱/麻婆豆腐.md"]);
	});
});
