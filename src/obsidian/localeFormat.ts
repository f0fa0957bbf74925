import { currentLanguage, LOCALES } from "../i18n";

function locale(): string {
	return LOCALES[currentLanguage()];
}

/**
 * The number formats, made once per locale and kind: making one loads the locale's data, which
 * costs far more than using it (`toLocaleString` makes one on every call), and a build's progress
 * is written many times a second.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(decimals: number): Intl.NumberFormat {
	const key = `${decimals} ${locale()}`;
	let known = numberFormats.get(key);
	if (known === undefined) {
		known = new Intl.NumberFormat(
			locale(),
			decimals > 0 ? { minimumFractionDigits: decimals, maximumFractionDigits: decimals } : {},
		);
		numberFormats.set(key, known);
	}
	return known;
}

/**
 * A count as the interface language writes it: `10,000`. Both languages group a whole number's
 * digits by three with a comma, written here without Intl: the first number format a page makes
 * loads the locale's data, a long task on a phone in the middle of the first build.
 */
export function formatCount(count: number): string {
	return Number.isSafeInteger(count) && count >= 0
		? String(count).replace(/\B(?=(\d{3})+$)/g, ",")
		: numberFormat(0).format(count);
}

/** A duration in seconds with one decimal: `3.2`. */
export function formatSeconds(ms: number): string {
	return numberFormat(1).format(ms / 1000);
}

/** A moment in the device's time zone, date and time: `Mar 15, 2026, 12:00 PM`. */
export function formatTime(time: Date): string {
	// Made anew each time, as the time zone it is made in may have changed since (a journey).
	return time.toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });
}

/** Items joined as the interface language lists them: `a, b and c`, `a、b和c`. */
export function formatList(items: readonly string[]): string {
	return new Intl.ListFormat(locale(), { type: "conjunction" }).format(items);
}
