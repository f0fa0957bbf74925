import { en, type MessageKey } from "./en";
import { zh } from "./zh";

export type { MessageKey } from "./en";
export type Language = "en" | "zh";

const catalogs: Record<Language, Record<MessageKey, string>> = { en, zh };

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

/** The string for `key` in the current language, with `{name}` placeholders filled from `vars`. */
export function t(key: MessageKey, vars: Record<string, string | number> = {}): string {
	return translateIn(current, key, vars);
}

/** The string for `key` in `language`: for text saved in a language chosen when it was written (a chat transcript). */
export function translateIn(language: Language, key: MessageKey, vars: Record<string, string | number> = {}): string {
	return catalogs[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
		name in vars ? String(vars[name]) : whole,
	);
}
