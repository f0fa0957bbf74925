import { en } from "../../src/i18n/en";
import { zh } from "../../src/i18n/zh";
import { languageFromLocale, setLanguage, t } from "../../src/i18n";

/** Units and symbols that Chinese writes as English does. */
const SAME_IN_BOTH: ReadonlySet<string> = new Set(["settings.file.kilobytes"]);

describe("interface strings", () => {
	afterEach(() => setLanguage("en"));

	it("follows Obsidian's locale: any Chinese variant is Chinese, everything else English", () => {
		expect(languageFromLocale("zh")).toBe("zh");
		expect(languageFromLocale("zh-TW")).toBe("zh");
		expect(languageFromLocale("en-GB")).toBe("en");
		expect(languageFromLocale("ja")).toBe("en");
	});

	it("shows the Chinese string when the language is Chinese", () => {
		setLanguage("zh");
		expect(t("command.initialize-workspace")).toBe("初始化助理工作区");
	});

	it("has the same keys in English and Chinese, each with the same placeholders", () => {
		expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
		const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
		for (const key of Object.keys(en) as (keyof typeof en)[]) expect([key, placeholders(zh[key])]).toEqual([key, placeholders(en[key])]);
	});

	it("has a translation for every key, and no translation left equal to the English", () => {
		for (const key of Object.keys(en) as (keyof typeof en)[]) {
			expect(zh[key].trim()).not.toBe("");
			if (!SAME_IN_BOTH.has(key)) expect([key, zh[key]]).not.toEqual([key, en[key]]);
		}
	});
});
