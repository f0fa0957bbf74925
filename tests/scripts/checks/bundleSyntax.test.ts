import { findUnsupportedSyntax, hasLookbehind } from "../../../scripts/checks/bundleSyntax";

/** What the check says about a bundle, without positions. */
const problems = (source: string) => findUnsupportedSyntax(source).map((problem) => problem.what);

describe("the check of main.js against Safari 15", () => {
	it("passes what Safari 15 parses: ES2021, class fields, private `in`, named groups, lookahead, the d flag", () => {
		const bundle = [
			'"use strict";',
			"class A { #x = 1; static y = 2; has(o) { return #x in o; } }",
			"const a = /(?<year>\\d{4})-(?=\\d)/d, b = a?.exec('2026-1') ?? null;",
			"let c = 1_000; c ||= 2; c &&= 3;",
			"const d = new RegExp('(?<name>a)(?!b)', 'gu'), e = /[(?<=]/, f = /\\(?<=x/;",
		].join("\n");
		expect(problems(bundle)).toEqual([]);
	});

	it("fails on a regex lookbehind, positive or negative, in a literal, with its place", () => {
		expect(findUnsupportedSyntax("var a = 1;\nvar b = /(?<=^|\\/)x/gi, c = /(?<!a)b/;")).toEqual([
			{ line: 2, column: 8, what: "a regex lookbehind (Safari 16.4): /(?<=^|\\/)x/gi" },
			{ line: 2, column: 28, what: "a regex lookbehind (Safari 16.4): /(?<!a)b/" },
		]);
	});

	it("fails on a lookbehind built from a string, as esbuild writes a literal its target lacks", () => {
		expect(problems('const r = new RegExp("(?<=a)b");')).toEqual([
			"a regex lookbehind built with RegExp (Safari 16.4)",
		]);
		expect(problems("const r = RegExp(`(?<!${x})b`, 'g');")).toEqual([
			"a regex lookbehind built with RegExp (Safari 16.4)",
		]);
		expect(problems('const r = new globalThis.RegExp("x(?<" + "!a)");')).toEqual([]);
		expect(problems('const r = new globalThis.RegExp("x(?<!" + "a)");')).toEqual([
			"a regex lookbehind built with RegExp (Safari 16.4)",
		]);
	});

	it("fails on the regex v flag, in a literal or built with RegExp", () => {
		expect(problems("const r = /[\\p{L}--a]/v;")).toEqual([
			expect.stringMatching(/^does not parse as an ES2022 script/),
		]);
		expect(problems('const r = new RegExp("a", "v");')).toEqual(["the regex v flag built with RegExp (Safari 17)"]);
	});

	it("fails on a class static block", () => {
		expect(problems("class A { static { init(); } }")).toEqual(["a class static block (Safari 16.4)"]);
	});

	it("fails on what Obsidian cannot evaluate as a script: top-level await, a hashbang, later syntax", () => {
		for (const source of [
			"await load();",
			"#!/usr/bin/env node\nrun();",
			"using x = open();",
			"const r = /(?i:a)b/;",
		]) {
			expect(problems(source)).toEqual([expect.stringMatching(/^does not parse as an ES2022 script/)]);
		}
	});

	it("reads a lookbehind only where the pattern opens one", () => {
		expect(hasLookbehind("(?<=a)")).toBe(true);
		expect(hasLookbehind("x|(?<!a)")).toBe(true);
		expect(hasLookbehind("\\(?<=a")).toBe(false);
		expect(hasLookbehind("[(?<=]")).toBe(false);
		expect(hasLookbehind("[\\]](?<=a)")).toBe(true);
		expect(hasLookbehind("(?<name>a)")).toBe(false);
	});
});
