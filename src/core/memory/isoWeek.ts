import {
	addDays,
	formatDay,
	localDayOf,
	mondayOfWeek,
	parseDay,
	weekNumberOf,
	type CalendarDay,
} from "../calendar/localCalendar";

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
	const year = Number(match[1]);
	const monday = mondayOfWeek({ year, week: Number(match[2]) });
	if (monday === null) return null;
	return { id, year, days: Array.from({ length: 7 }, (_, offset) => formatDay(addDays(monday, offset))) };
}

/** The week that holds `date` (local time). */
export function isoWeekOf(date: Date): IsoWeek {
	return weekHolding(localDayOf(date));
}

/** The week before `week`. */
export function previousIsoWeek(week: IsoWeek): IsoWeek {
	const monday = parseDay(week.days[0]);
	if (monday === null) throw new Error(`No calendar day ${week.days[0]}`);
	return weekHolding(addDays(monday, -7));
}

function weekHolding(day: CalendarDay): IsoWeek {
	const { year, week } = weekNumberOf(day);
	const id = `${year}-W${String(week).padStart(2, "0")}`;
	const found = parseIsoWeek(id);
	if (found === null) throw new Error(`No ISO week for ${id}`);
	return found;
}
