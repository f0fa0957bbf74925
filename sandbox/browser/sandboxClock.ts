import type { Clock } from "../../src/core/ports";

/**
 * The plugin's clock in the page: from `start` (ISO 8601), running at the real pace so that
 * waits and timeouts behave, or the real time when no start is set. A test sets the hour the
 * heartbeat sees this way, as the jest tests do by overriding the plugin's `clock()`.
 */
export function sandboxClock(start: string | null): Clock | null {
	if (start === null) return null;
	const offset = Date.parse(start) - Date.now();
	return { now: () => new Date(Date.now() + offset) };
}
