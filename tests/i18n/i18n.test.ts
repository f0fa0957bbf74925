import { en } from "../../src/i18n/en";
import { zh } from "../../src/i18n/zh";
import {
	languageFromLocale,
	setLanguage,
	t,
	translateIn,
	type Catalog,
	type MessageKey,
	type PluralForms,
} from "../../src/i18n";

/** Units and symbols that Chinese writes as English does, and a note named by its path alone. */
const SAME_IN_BOTH: ReadonlySet<string> = new Set([
	"settings.file.kilobytes",
	"chip.location.note",
	// Product names, which Chinese writes as they are.
	"settings.mcp.claude-code.name",
	"settings.mcp.claude-desktop.name",
	"settings.meaning.api.name",
]);

const KEYS = Object.keys(en) as MessageKey[];

/** Every text a message can show: the string itself, or each of its plural forms. */
function texts(message: string | PluralForms): string[] {
	return typeof message === "string"
		? [message]
		: Object.values(message).filter((text): text is string => text !== undefined);
}

afterEach(() => setLanguage("en"));

describe("interface strings", () => {
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

	it("has the same keys in English and Chinese, each form with the same placeholders", () => {
		expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
		const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
		for (const key of KEYS) {
			const expected = placeholders(texts(en[key])[0]);
			for (const text of [...texts(en[key]), ...texts(zh[key])])
				expect([key, placeholders(text)]).toEqual([key, expected]);
		}
	});

	it("has a translation for every key, and no translation left equal to the English", () => {
		for (const key of KEYS) {
			for (const text of texts(zh[key])) expect(text.trim()).not.toBe("");
			if (!SAME_IN_BOTH.has(key)) expect([key, zh[key]]).not.toEqual([key, en[key]]);
		}
	});

	it("gives each plural message exactly the forms its language has: one and other in English, a single form in Chinese", () => {
		const catalogs: ReadonlyArray<[string, Catalog]> = [
			["en-US", en],
			["zh-CN", zh],
		];
		for (const [locale, catalog] of catalogs) {
			const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
			const plural = KEYS.filter((key) => typeof catalog[key] !== "string");
			expect(plural.length).toBeGreaterThan(0);
			for (const key of plural) expect([key, Object.keys(catalog[key]).sort()]).toEqual([key, categories]);
		}
	});
});

describe("one word for the assistant", () => {
	it("calls it 助理 in every Chinese string, never 助手", () => {
		const texts = Object.values(zh).flatMap((value) =>
			typeof value === "string" ? [value] : Object.values(value as Record<string, string>),
		);
		expect(texts.filter((text) => text.includes("助手"))).toEqual([]);
		expect(texts.some((text) => text.includes("助理"))).toBe(true);
	});
});

describe("plural forms", () => {
	it("says one model, and models for none or several, in English", () => {
		expect(translateIn("en", "settings.model.listed", { count: 1 })).toBe("Connected: 1 model available.");
		expect(translateIn("en", "settings.model.listed", { count: 0 })).toBe("Connected: 0 models available.");
		expect(translateIn("en", "settings.model.listed", { count: 12 })).toBe("Connected: 12 models available.");
		expect(translateIn("en", "settings.index-status.last-build", { time: "12:00", count: 1, seconds: "0.4" })).toBe(
			"Last update 12:00: 1 new or changed note in 0.4 s.",
		);
	});

	it("chooses the form in the current language: Chinese has one form, whatever the count", () => {
		expect(t("organize.inbox-title", { count: 1 })).toBe("Organize inbox: 1 note");
		setLanguage("zh");
		expect(t("organize.inbox-title", { count: 1 })).toBe("整理收件箱：1 篇笔记");
		expect(t("organize.inbox-title", { count: 12 })).toBe("整理收件箱：12 篇笔记");
	});

	it("writes the count as the language writes numbers", () => {
		expect(translateIn("en", "notice.index-rebuilt", { count: 1204, seconds: "3.2" })).toBe(
			"Indexed 1,204 notes in 3.2 s.",
		);
	});

	it("agrees a sentence with two counts on each: one note older than one day", () => {
		const age = translateIn("en", "notice.archive-age", { count: 1 });
		expect(translateIn("en", "notice.archived", { count: 1, days: age })).toBe(
			"Archived 1 daily note older than 1 day to the memory archive.",
		);
		const passages = translateIn("en", "settings.index-status.passages", { count: 3 });
		expect(translateIn("en", "settings.index-status.ready", { count: 1, chunks: passages })).toBe(
			"1 note indexed, in 3 passages.",
		);
	});
});
