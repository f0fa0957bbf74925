import type { Language } from "../../../src/i18n";
import { templatesFor } from "../../../src/core/workspace/templates";

const LANGUAGES: readonly Language[] = ["en", "zh"];
const headings = (text: string, level: string) =>
	text
		.split("\n")
		.filter((line) => line.startsWith(`${level} `))
		.map((line) => line.slice(level.length + 1));
const withoutComments = (text: string) => text.replace(/<!--[\s\S]*?-->/g, "");

describe("workspace templates", () => {
	it("give claude.md the five rule blocks, in order, in each language", () => {
		expect(headings(templatesFor("en").rules, "##")).toEqual([
			"Time awareness",
			"Memory rules",
			"Note conventions",
			"Writing constraints",
			"Safety",
		]);
		expect(headings(templatesFor("zh").rules, "##")).toEqual([
			"时间感知",
			"记忆规则",
			"笔记规范",
			"写作约束",
			"操作安全",
		]);
	});

	it("keep the same structure in both languages", () => {
		const en = templatesFor("en");
		const zh = templatesFor("zh");
		for (const file of ["soul", "user", "rules", "memory", "heartbeat"] as const) {
			expect(headings(zh[file], "##")).toHaveLength(headings(en[file], "##").length);
			expect(withoutComments(zh[file]).split("\n- ")).toHaveLength(withoutComments(en[file]).split("\n- ").length);
		}
	});

	it.each(LANGUAGES)(
		"leave HEARTBEAT.md (%s) with headings and comments only, so the heartbeat stays off",
		(language) => {
			const lines = withoutComments(templatesFor(language).heartbeat)
				.split("\n")
				.filter((line) => line.trim() !== "");
			expect(lines.every((line) => line.startsWith("#"))).toBe(true);
		},
	);

	it.each(LANGUAGES)("start every file (%s) with a title and end it with a newline", (language) => {
		for (const text of Object.values(templatesFor(language))) {
			expect(text).toMatch(/^# \S/);
			expect(text.endsWith("\n")).toBe(true);
		}
	});
});
