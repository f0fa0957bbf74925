import { en } from "../../src/i18n/en";
import { zh } from "../../src/i18n/zh";
import { languageFromLocale, setLanguage, t } from "../../src/i18n";

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

	it("has a translation for every key, and no translation left equal to the English", () => {
		for (const key of Object.keys(en) as (keyof typeof en)[]) {
			expect(zh[key].trim()).not.toBe("");
			expect(zh[key]).not.toBe(en[key]);
		}
	});
});
