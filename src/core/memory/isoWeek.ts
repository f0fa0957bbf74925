import { addDays, format, getISOWeek, getISOWeekYear, setISOWeek, startOfISOWeek } from "date-fns";
import { DAILY_DATE_FORMAT } from "./dailyDates";

/**
 * ISO 8601 weeks, `YYYY-Www`, the history book's pages: a week runs Monday to Sunday and belongs
 * to the year of its Thursday, so `2026-W01` starts on 2025-12-29. Dates are local calendar days.
 */

const WEEK = /^(\d{4})-W(\d{2})$/;

export interface IsoWeek {
	/** `YYYY-Www`. */
	readonly id: string;
	/** The ISO week-numbering year, which names the yearly summary the week folds into. */
	readonly year: number;
	/** The seven `yyyy-MM-dd` days, Monday first. */
	readonly days: readonly string[];
}

/** The week `id` names, or `null` when it is no real week (`2026-W54`, `2026-W7`). */
export function parseIsoWeek(id: string): IsoWeek | null {
	const match = WEEK.exec(id);
	if (match === null) return null;
	const [year, week] = [Number(match[1]), Number(match[2])];
	// Noon of January 4th is always in week 1, and far from any daylight-saving jump.
	const monday = startOfISOWeek(setISOWeek(new Date(year, 0, 4, 12), week));
	if (week < 1 || getISOWeekYear(monday) !== year || getISOWeek(monday) !== week) return null;
	const days = Array.from({ length: 7 }, (_, offset) => format(addDays(monday, offset), DAILY_DATE_FORMAT));
	return { id, year, days };
}

/** The week that holds `date` (local time). */
export function isoWeekOf(date: Date): IsoWeek {
	const id = `${getISOWeekYear(date)}-W${String(getISOWeek(date)).padStart(2, "0")}`;
	const week = parseIsoWeek(id);
	if (week === null) throw new Error(`No ISO week for ${id}`);
	return week;
}

/** The week before `week`. */
export function previousIsoWeek(week: IsoWeek): IsoWeek {
	const [year, month, day] = week.days[0].split("-").map(Number);
	return isoWeekOf(new Date(year, month - 1, day - 7, 12));
}
