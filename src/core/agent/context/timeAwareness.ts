import {
	formatDay,
	localDayOf,
	localTimeOfDay,
	utcOffset,
	weekdayName,
	weekNumberOf,
} from "../../calendar/localCalendar";

/**
 * The date and time as the user lives them: the injected clock read in the runtime's time zone
 * (the user's device), the same local date that names daily memory. Only ever in a layer after
 * the cache breakpoint, since it changes every turn.
 */
export function timeAwareness(now: Date): string {
	const today = localDayOf(now);
	// The ISO week of the calendar date, the name of the weekly summaries (`YYYY-Www`).
	const { year, week } = weekNumberOf(today);
	return [
		`Today is ${weekdayName(now)}, ${formatDay(today)} (ISO week ${year}-W${String(week).padStart(2, "0")}). The user's local time is ${localTimeOfDay(now)} (UTC${utcOffset(now)}).`,
		`"Today", "yesterday" and "this week" are the user's local days, and daily memory is named by the local date; work out relative dates from this.`,
	].join(" ");
}
