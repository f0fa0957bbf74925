/**
 * Dates as whole calendar days (days since 1970-01-01), the unit of decay and date filters. A note
 * dated 2026-03-05 is that day wherever the user is, so dates are compared as calendar days, never
 * as instants; "today" is the local calendar day of the injected clock.
 */

const DAY_MS = 86_400_000;
const LEADING_DATE = /^(\d{4})-(\d{2})-(\d{2})(?!\d)/;

/** The day of a text that starts with a valid `YYYY-MM-DD` (anything may follow), or `null`. */
export function parseCalendarDay(text: string): number | null {
	const match = LEADING_DATE.exec(text);
	if (!match) return null;
	const year = Number(match[1]);
	const month = Number(match[2]) - 1;
	const day = Number(match[3]);
	const time = Date.UTC(year, month, day);
	const date = new Date(time);
	const valid = date.getUTCFullYear() === year && date.getUTCMonth() === month && date.getUTCDate() === day;
	return valid ? time / DAY_MS : null;
}

/** The local calendar day of an instant (a `Date` or milliseconds since the epoch). */
export function localCalendarDay(instant: Date | number): number {
	const date = typeof instant === "number" ? new Date(instant) : instant;
	return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS;
}
