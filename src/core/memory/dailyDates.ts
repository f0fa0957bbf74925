import {
	addDays,
	daysBetween,
	formatDay,
	localDayOf,
	localTimeOfDay,
	localTimestampOf,
	parseDay,
} from "../calendar/localCalendar";
import type { Clock } from "../ports";

/** Today as the user's clock on the wall reads it: daily memory is named by the local date, not by UTC. */
export function localToday(clock: Clock): string {
	return formatDay(localDayOf(clock.now()));
}

/** The local date `days` calendar days before `clock`'s today. */
export function localDaysAgo(clock: Clock, days: number): string {
	return formatDay(addDays(localDayOf(clock.now()), -days));
}

/** Whether `text` is a real `yyyy-MM-dd` date (`2026-02-30` is not). */
export function isDailyDate(text: string): boolean {
	return parseDay(text) !== null;
}

/** How many calendar days `date` lies before `today` (negative for a future date; NaN when either is no real date). */
export function daysBefore(today: string, date: string): number {
	const [todayDay, dateDay] = [parseDay(today), parseDay(date)];
	return todayDay === null || dateDay === null ? Number.NaN : daysBetween(dateDay, todayDay);
}

/** The time of day on the user's clock, `HH:mm`: the stamp of an entry in daily memory. */
export function localTime(clock: Clock): string {
	return localTimeOfDay(clock.now());
}

/** The moment in ISO 8601 with the user's offset (`2026-03-15T14:05:00+01:00`), as notes and state record it. */
export function localTimestamp(clock: Clock): string {
	return localTimestampOf(clock.now());
}
