import type { MessageKey } from "../../../i18n";

/** Minutes in a day: `24:00`, the end of the day, as an end of the active hours. */
export const END_OF_DAY_MINUTES = 24 * 60;

/** Something wrong with what the user typed, as an interface string and its values. */
export interface TimeProblem {
	readonly key: MessageKey;
	readonly params: Readonly<Record<string, string>>;
}

export type ParsedTime =
	{ readonly ok: true; readonly minutes: number } | { readonly ok: false; readonly problem: TimeProblem };

/**
 * A time of day typed as `HH:MM` in 24-hour time, as minutes after midnight. The hour may have
 * one digit (`8:00`) and full-width digits and colon (`８：００`, from a Chinese input method) are
 * read as their plain forms. `24:00` is a time only as the end of a span (`role` "end"): the
 * midnight that ends the day. Anything else is refused with a message, never read as midnight.
 */
export function parseTimeOfDay(text: string, role: "start" | "end"): ParsedTime {
	const typed = text.normalize("NFKC").trim();
	const match = /^(\d{1,2}):(\d{2})$/.exec(typed);
	const hours = match === null ? Number.NaN : Number(match[1]);
	const minutes = match === null ? Number.NaN : Number(match[2]);
	if (hours === 24 && minutes === 0) {
		return role === "end"
			? { ok: true, minutes: END_OF_DAY_MINUTES }
			: refused("heartbeat.hours.midnight-start", typed);
	}
	if (!(hours <= 23 && minutes <= 59)) return refused("heartbeat.hours.invalid-time", typed);
	return { ok: true, minutes: hours * 60 + minutes };
}

/** Minutes after midnight written as `HH:MM`, the form the settings store. */
export function formatTimeOfDay(minutes: number): string {
	const pad = (value: number) => String(value).padStart(2, "0");
	return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

function refused(key: MessageKey, value: string): ParsedTime {
	return { ok: false, problem: { key, params: { value } } };
}
