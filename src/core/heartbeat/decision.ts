import { localToday } from "../memory/dailyDates";
import { checkActiveHours, isWithinActiveHours } from "./activeHours";
import { isChecklistEmpty } from "./checklist";
import type { HeartbeatSettings, HeartbeatState } from "./heartbeatState";

/**
 * Why the heartbeat does not run now. `retry-later`: the last run failed and its wait is not
 * over. `outside-active-hours` also covers active hours that are not valid (which the settings
 * refuse to save): they never become midnight.
 */
export type SkipReason =
	"not-onboarded" | "disabled" | "already-today" | "retry-later" | "outside-active-hours" | "busy" | "empty-checklist";

export type HeartbeatDecision = { readonly run: true } | { readonly run: false; readonly reason: SkipReason };

export interface DecisionOptions {
	/**
	 * "Run heartbeat now": the user asked, so the once-a-day rule and the wait after a failure
	 * do not hold; every other rule does.
	 */
	readonly force?: boolean;
}

/**
 * Whether the heartbeat runs now, checked in the order a person would ask: set up at all, then
 * already done today, then the hour, then whether the user is busy, then whether there is
 * anything to check. `now` is read on the user's local clock (the date that names daily memory).
 * Pure: the host passes its state, settings, clock, `HEARTBEAT.md` and whether a chat answer is
 * streaming or a heartbeat is already running (`busy`).
 */
export function heartbeatDecision(
	state: HeartbeatState,
	settings: HeartbeatSettings,
	now: Date,
	checklistText: string,
	busy: boolean,
	options: DecisionOptions = {},
): HeartbeatDecision {
	const skip = (reason: SkipReason): HeartbeatDecision => ({ run: false, reason });
	if (!state.onboardingComplete) return skip("not-onboarded");
	if (!settings.heartbeatEnabled) return skip("disabled");
	if (options.force !== true) {
		if (state.lastHeartbeatDate === localToday({ now: () => now })) return skip("already-today");
		if (state.heartbeatRetryAfter !== null && now.getTime() < Date.parse(state.heartbeatRetryAfter))
			return skip("retry-later");
	}
	const hours = checkActiveHours(settings);
	if (!hours.ok || !isWithinActiveHours(hours.window, now)) return skip("outside-active-hours");
	if (busy) return skip("busy");
	if (isChecklistEmpty(checklistText)) return skip("empty-checklist");
	return { run: true };
}
