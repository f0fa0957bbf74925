/**
 * Dates as the user lives them: calendar days and times of day read in the device's time zone,
 * ISO 8601 weeks, and the few fixed text forms the plugin writes (`yyyy-MM-dd`, `HH:mm`, a
 * timestamp with the user's offset). Arithmetic on days is done on the calendar, in UTC, so a
 * daylight-saving day (23 or 25 hours long) is one day like any other.
 */

/** A day of the calendar; `month` runs 1 to 12. */
export interface CalendarDay {
	readonly year: number;
	readonly month: number;
	readonly day: number;
}

/** An ISO 8601 week: Monday to Sunday, in the week-numbering year of its Thursday. */
export interface WeekNumber {
	readonly year: number;
	readonly week: number;
}

const DAY_MS = 86_400_000;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The local calendar day of `date` (read through its local getters, as the clock on the wall). */
export function localDayOf(date: Date): CalendarDay {
	return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** `yyyy-MM-dd`. */
export function formatDay({ year, month, day }: CalendarDay): string {
	return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The day `text` names as `yyyy-MM-dd`, or `null` when it is no real day (`2026-02-30`, `2026-2-3`). */
export function parseDay(text: string): CalendarDay | null {
	const match = CALENDAR_DAY.exec(text);
	if (match === null) return null;
	const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
	// The calendar rolls an overflowing day into the next month; a real day comes back unchanged.
	return formatDay(dayFromNumber(dayNumber(day))) === text ? day : null;
}

/** The day `days` after `day` (before it, for a negative count). */
export function addDays(day: CalendarDay, days: number): CalendarDay {
	return dayFromNumber(dayNumber(day) + days);
}

/** How many calendar days `later` lies after `earlier` (negative when it lies before). */
export function daysBetween(earlier: CalendarDay, later: CalendarDay): number {
	return dayNumber(later) - dayNumber(earlier);
}

/** Monday to Sunday, 0 to 6. */
function isoWeekday(day: CalendarDay): number {
	return (new Date(dayNumber(day) * DAY_MS).getUTCDay() + 6) % 7;
}

/** The ISO week that holds `day`. */
export function weekNumberOf(day: CalendarDay): WeekNumber {
	const thursday = addDays(day, 3 - isoWeekday(day));
	const firstOfYear = { year: thursday.year, month: 1, day: 1 };
	return { year: thursday.year, week: Math.floor(daysBetween(firstOfYear, thursday) / 7) + 1 };
}

/** The Monday of ISO week `week` of `year`, or `null` when the year has no such week (week 53 of most years). */
export function mondayOfWeek({ year, week }: WeekNumber): CalendarDay | null {
	// January 4th is always in week 1.
	const fourth = { year, month: 1, day: 4 };
	const monday = addDays(fourth, (week - 1) * 7 - isoWeekday(fourth));
	const found = weekNumberOf(monday);
	return week >= 1 && found.year === year && found.week === week ? monday : null;
}

/** `HH:mm` on the clock on the wall. */
export function localTimeOfDay(date: Date): string {
	return `${pad(date.getHours(), 2)}:${pad(date.getMinutes(), 2)}`;
}

/** The user's offset from UTC, `+01:00`, `-03:30`, `+00:00`. */
export function utcOffset(date: Date): string {
	const minutes = -date.getTimezoneOffset();
	const sign = minutes < 0 ? "-" : "+";
	return `${sign}${pad(Math.floor(Math.abs(minutes) / 60), 2)}:${pad(Math.abs(minutes) % 60, 2)}`;
}

/** The moment in ISO 8601 with the user's offset: `2026-03-15T14:05:00+01:00`. */
export function localTimestampOf(date: Date): string {
	return `${formatDay(localDayOf(date))}T${localTimeOfDay(date)}:${pad(date.getSeconds(), 2)}${utcOffset(date)}`;
}

/** The local weekday's English name (`Monday`), for the model's sense of time. */
export function weekdayName(date: Date): string {
	return WEEKDAYS[date.getDay()];
}

/** Days since 1970-01-01 of the calendar day: UTC, so that no daylight-saving shift counts. */
function dayNumber({ year, month, day }: CalendarDay): number {
	const utc = new Date(0);
	// `setUTCFullYear` takes years below 100 as they are, where `Date.UTC` would read 1900 + year.
	utc.setUTCFullYear(year, month - 1, day);
	return Math.round(utc.getTime() / DAY_MS);
}

function dayFromNumber(number: number): CalendarDay {
	const utc = new Date(number * DAY_MS);
	return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

function pad(value: number, width: number): string {
	return String(value).padStart(width, "0");
}
