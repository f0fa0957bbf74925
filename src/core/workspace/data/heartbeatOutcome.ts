/**
 * How a heartbeat run ended, as the state records it and the settings tab shows it:
 * `spoke` (a message was shown and saved), `silent` (an acknowledgement), `repeated` (the same
 * message as within the last 24 hours, not shown again), `failed` (the model call failed or gave
 * no answer), `timed-out` (the run's time limit or the stream's idle limit ended it).
 */
export const HEARTBEAT_OUTCOMES = ["spoke", "silent", "repeated", "failed", "timed-out"] as const;
export type HeartbeatOutcome = (typeof HEARTBEAT_OUTCOMES)[number];

/** The outcomes that count as the day's heartbeat: it does not run again until tomorrow. */
export function completesTheDay(outcome: HeartbeatOutcome): boolean {
	return outcome === "spoke" || outcome === "silent" || outcome === "repeated";
}
