import type { PluginState } from "../workspace/data/state";
import type { Settings } from "../workspace/data/settings";
import { retryWait } from "./backoff";
import { completesTheDay, type HeartbeatOutcome } from "../workspace/data/heartbeatOutcome";
import { spokenRecord } from "./repeats";

/** What the heartbeat reads of the plugin's state: its own records, and the last checkpoint for its prompt. */
export type HeartbeatState = Pick<
	PluginState,
	| "onboardingComplete"
	| "lastHeartbeatDate"
	| "lastHeartbeatRun"
	| "lastHeartbeatSpoken"
	| "heartbeatFailures"
	| "heartbeatRetryAfter"
	| "lastCheckpoint"
>;

/** What the heartbeat reads of the user's settings. */
export type HeartbeatSettings = Pick<
	Settings,
	"heartbeatEnabled" | "heartbeatAllDay" | "heartbeatActiveStart" | "heartbeatActiveEnd"
>;

/** The fields a run changes, for the plugin to merge into its state and save (`updateState`). */
export type HeartbeatStateChange = Partial<HeartbeatState>;

/**
 * What a run that ended with `outcome` changes. A run that completed (spoken or silent) records
 * today's date, so the heartbeat does not run again today, and clears the failures; a shown
 * message is remembered for the 24-hour repeat check. A failure records no date: only one more
 * failure in a row and the time after which it may try again, later the same day.
 */
export function stateAfterRun(
	state: Pick<HeartbeatState, "heartbeatFailures">,
	outcome: HeartbeatOutcome,
	at: { readonly now: Date; readonly today: string },
	shown?: string,
): HeartbeatStateChange {
	const lastHeartbeatRun = { at: at.now.toISOString(), outcome };
	if (!completesTheDay(outcome)) {
		const heartbeatFailures = state.heartbeatFailures + 1;
		return {
			lastHeartbeatRun,
			heartbeatFailures,
			heartbeatRetryAfter: new Date(at.now.getTime() + retryWait(heartbeatFailures)).toISOString(),
		};
	}
	const change: HeartbeatStateChange = {
		lastHeartbeatDate: at.today,
		lastHeartbeatRun,
		heartbeatFailures: 0,
		heartbeatRetryAfter: null,
	};
	return shown === undefined ? change : { ...change, lastHeartbeatSpoken: spokenRecord(shown, at.now) };
}
