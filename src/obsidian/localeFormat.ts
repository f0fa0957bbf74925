import { currentLanguage, LOCALES } from "../i18n";

function locale(): string {
	return LOCALES[currentLanguage()];
}

/**
 * A count as the interface language writes it: `10,000`. Both languages group a whole number's
 * digits by three with a comma, written here without Intl: the first number format a page makes
 * loads the locale's data, a long task on a phone in the middle of the first build.
 */
export function formatCount(count: number): string {
	return Number.isSafeInteger(count) && count >= 0
		? String(count).replace(/\B(?=(\d{3})+$)/g, ",")
		: count.toLocaleString(locale());
}

/** A duration in seconds with one decimal: `3.2`. */
export function formatSeconds(ms: number): string {
	return (ms / 1000).toLocaleString(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** A moment in the device's time zone, date and time: `Mar 15, 2026, 12:00 PM`. */
export function formatTime(time: Date): string {
	return time.toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });
}

/** Items joined as the interface language lists them: `a, b and c`, `a、b和c`. */
export function formatList(items: readonly string[]): string {
	return new Intl.ListFormat(locale(), { type: "conjunction" }).format(items);
}
