import * as z from "zod/mini";
import { isDailyDate } from "../../memory/dailyDates";

/** A real calendar date written `YYYY-MM-DD` (`2026-02-30` is refused). */
export function calendarDate(description: string) {
	return z.string().check(z.refine(isDailyDate, "must be a calendar date written YYYY-MM-DD"), z.describe(description));
}
