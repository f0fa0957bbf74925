import type { ModelError } from "../core/model/modelClient";

export interface RetryPolicy {
	/** Tries in all, the first included. */
	readonly maxAttempts: number;
	/** The wait before the first retry; it doubles with each further one. */
	readonly baseDelayMs: number;
	/** No backoff wait is longer than this. */
	readonly maxDelayMs: number;
	/** A `retry-after` longer than this is left to the user instead of keeping the chat waiting. */
	readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxAttempts: 3,
	baseDelayMs: 1000,
	maxDelayMs: 8000,
	maxRetryAfterMs: 60_000,
};

/**
 * How long to wait before trying again after `failed` attempt number `attempt` (1-based), or
 * undefined when it should not be retried. Only failures that a later try can cure are retried:
 * a rate limit (after the server's `retry-after` when it gave one), an overloaded or failing
 * server, and a broken stream. The caller asks only while nothing of the answer was shown.
 * `random` is in [0, 1).
 */
export function retryDelayMs(
	failed: ModelError,
	attempt: number,
	policy: RetryPolicy,
	random: () => number,
): number | undefined {
	if (attempt >= policy.maxAttempts) return undefined;
	switch (failed.kind) {
		case "rate-limit":
			if (failed.retryAfterMs === undefined) return backoffMs(attempt, policy, random);
			return failed.retryAfterMs <= policy.maxRetryAfterMs ? failed.retryAfterMs : undefined;
		case "overloaded":
		case "server":
		case "stream-cut":
			return backoffMs(attempt, policy, random);
		default:
			return undefined;
	}
}

/** Exponential, capped, with "equal jitter": half the wait is fixed, half random, so clients spread out. */
function backoffMs(attempt: number, policy: RetryPolicy, random: () => number): number {
	const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
	return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
