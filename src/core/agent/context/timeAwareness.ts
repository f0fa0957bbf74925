import { format, parseISO } from "date-fns";
import { localToday } from "../../memory/dailyDates";

/**
 * The date and time as the user lives them: the injected clock read in the runtime's time zone
 * (the user's device), the same local date that names daily memory. Only ever in a layer after
 * the cache breakpoint, since it changes every turn.
 */
export function timeAwareness(now: Date): string {
	const date = localToday({ now: () => now });
	// The ISO week of the calendar date, the name of the weekly summaries (`YYYY-Www`).
	const week = format(parseISO(date), "RRRR-'W'II");
	return [
		`Today is ${format(now, "EEEE")}, ${date} (ISO week ${week}). The user's local time is ${format(now, "HH:mm")} (UTC${format(now, "xxx")}).`,
		`"Today", "yesterday" and "this week" are the user's local days, and daily memory is named by the local date; work out relative dates from this.`,
	].join(" ");
}
