import { en } from "./en";
import type { Catalog, MessageArgs, MessageKey, MessageVars, PluralForms } from "./message";
import { zh } from "./zh";

export type { Catalog, MessageArgs, MessageKey, MessageVars, PluralForms, PluralKey } from "./message";
export type Language = "en" | "zh";

/** Every interface language: a note the plugin names in one of them is found under any of them. */
export const LANGUAGES: readonly Language[] = ["en", "zh"];

const catalogs: Readonly<Record<Language, Catalog>> = { en, zh };

/** The locale each interface language writes numbers and dates in. */
export const LOCALES: Readonly<Record<Language, string>> = { en: "en-US", zh: "zh-CN" };

let current: Language = "en";

/** Picks the interface language from Obsidian's locale code (`zh`, `zh-TW`, `en-GB` ...). */
export function languageFromLocale(locale: string): Language {
	return locale.toLowerCase().startsWith("zh") ? "zh" : "en";
}

export function setLanguage(language: Language): void {
	current = language;
}

export function currentLanguage(): Language {
	return current;
}

/** The string for `key` in the current language, in the plural form its `count` calls for, with `{name}` placeholders filled from `vars`. */
export function t<K extends MessageKey>(key: K, ...vars: MessageArgs<K>): string {
	return translateIn(current, key, ...vars);
}

/** The string for `key` in `language`: for text saved in a language chosen when it was written (a chat transcript). */
export function translateIn<K extends MessageKey>(language: Language, key: K, ...args: MessageArgs<K>): string {
	const vars: MessageVars = args[0] ?? {};
	const message: string | PluralForms = catalogs[language][key];
	const text = typeof message === "string" ? message : pluralForm(language, message, vars.count);
	return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
		name in vars ? written(language, name, vars[name]) : whole,
	);
}

/** The form `Intl.PluralRules` chooses for `count`; a count that is not a number falls back to `other`, which every language has. */
function pluralForm(language: Language, forms: PluralForms, count: MessageVars[string] | undefined): string {
	if (typeof count !== "number") return forms.other;
	return forms[new Intl.PluralRules(LOCALES[language]).select(count)] ?? forms.other;
}

/** A placeholder's text. The count is written as the language writes numbers (`1,204`), so callers pass the number itself and it also chooses the plural form. */
function written(language: Language, name: string, value: MessageVars[string]): string {
	return name === "count" && typeof value === "number" ? value.toLocaleString(LOCALES[language]) : String(value);
}
