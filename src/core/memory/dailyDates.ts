import { differenceInCalendarDays, format, isValid, parse, subDays } from "date-fns";
import type { Clock } from "../ports";

/** Daily memory is named by the user's local calendar date, not by UTC. */
export const DAILY_DATE_FORMAT = "yyyy-MM-dd";

/** Today as the user's clock on the wall reads it. */
export function localToday(clock: Clock): string {
	return format(clock.now(), DAILY_DATE_FORMAT);
}

/** The local date `days` calendar days before `clock`'s today. */
export function localDaysAgo(clock: Clock, days: number): string {
	return format(subDays(clock.now(), days), DAILY_DATE_FORMAT);
}

/** Whether `text` is a real `yyyy-MM-dd` date (`2026-02-30` is not). */
export function isDailyDate(text: string): boolean {
	return /^\d{4}-\d{2}-\d{2}$/.test(text) && isValid(parseDailyDate(text));
}

/** How many calendar days `date` lies before `today` (negative for a future date). */
export function daysBefore(today: string, date: string): number {
	return differenceInCalendarDays(parseDailyDate(today), parseDailyDate(date));
}

function parseDailyDate(text: string): Date {
	const date = parse(text, DAILY_DATE_FORMAT, new Date(0));
	// date-fns rolls some overflowing days forward; a round trip catches what it lets through.
	return isValid(date) && format(date, DAILY_DATE_FORMAT) === text ? date : new Date(Number.NaN);
}

/** The time of day on the user's clock, `HH:mm`: the stamp of an entry in daily memory. */
export function localTime(clock: Clock): string {
	return format(clock.now(), "HH:mm");
}

/** The moment in ISO 8601 with the user's offset (`2026-03-15T14:05:00+01:00`), as notes and state record it. */
export function localTimestamp(clock: Clock): string {
	return format(clock.now(), "yyyy-MM-dd'T'HH:mm:ssxxx");
}
