/**
 * After a failed run the heartbeat waits before it tries again, longer after each failure in a
 * row (15 minutes, 30, 1 hour, then every 2 hours), so a day with a flaky connection still gets
 * its heartbeat without calling the model every few minutes.
 */
const FIRST_WAIT_MS = 15 * 60 * 1000;
const LONGEST_WAIT_MS = 2 * 60 * 60 * 1000;

/** After this many failures in a row, the user is told (once), instead of never hearing of them. */
export const NOTICE_AFTER_FAILURES = 3;

/** The wait after the `failures`-th failure in a row (1 for the first). */
export function retryWait(failures: number): number {
	return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, failures - 1));
}
