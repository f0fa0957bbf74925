import type { TaskScheduler } from "../core/ports";

/**
 * Waits `ms` on the host's timers (`delay`), or less when `signal` aborts, even before or while
 * the timer is set; the caller checks the signal afterwards.
 */
export function abortableSleep(delay: TaskScheduler["delay"], ms: number, signal?: AbortSignal): Promise<void> {
	return new Promise((resolve) => {
		let cancel: (() => void) | undefined;
		const done = () => {
			cancel?.();
			signal?.removeEventListener("abort", done);
			resolve();
		};
		signal?.addEventListener("abort", done, { once: true });
		cancel = delay(done, ms);
		if (signal?.aborted === true) done();
	});
}
