import { parseTimeOfDay, type TimeProblem } from "../workspace/data/timeOfDay";

/** The active hours as the settings keep them: `HH:MM` text, and the switch that lifts them. */
export interface ActiveHoursSetting {
	readonly heartbeatAllDay: boolean;
	readonly heartbeatActiveStart: string;
	readonly heartbeatActiveEnd: string;
}

/**
 * When the heartbeat may run, in minutes after local midnight: from `start` (inclusive) to `end`
 * (exclusive, up to 1440 for `24:00`). A start after the end wraps past midnight (22:00–08:00).
 */
export type ActiveWindow =
	{ readonly allDay: true } | { readonly allDay: false; readonly start: number; readonly end: number };

export type CheckedActiveHours =
	{ readonly ok: true; readonly window: ActiveWindow } | { readonly ok: false; readonly problem: TimeProblem };

/**
 * The active hours the user set, checked as the settings tab checks them before saving: both
 * times valid, and not the same time, since a window that starts where it ends would never
 * open (the "all day" switch is how to run at any hour). With "all day" on, the times are not
 * looked at, so a half-typed time never stops the switch from working.
 */
export function checkActiveHours(setting: ActiveHoursSetting): CheckedActiveHours {
	if (setting.heartbeatAllDay) return { ok: true, window: { allDay: true } };
	const start = parseTimeOfDay(setting.heartbeatActiveStart, "start");
	if (!start.ok) return start;
	const end = parseTimeOfDay(setting.heartbeatActiveEnd, "end");
	if (!end.ok) return end;
	if (start.minutes === end.minutes) {
		return {
			ok: false,
			problem: { key: "heartbeat.hours.empty-window", params: { value: setting.heartbeatActiveStart.trim() } },
		};
	}
	return { ok: true, window: { allDay: false, start: start.minutes, end: end.minutes } };
}

/** Whether `now`, read on the user's local clock to the minute, lies inside the window. */
export function isWithinActiveHours(window: ActiveWindow, now: Date): boolean {
	if (window.allDay) return true;
	const minute = now.getHours() * 60 + now.getMinutes();
	const { start, end } = window;
	return start < end ? start <= minute && minute < end : minute >= start || minute < end;
}
