import type { TaskScheduler } from "../../core/ports";

/**
 * The `TaskScheduler` over the window's timers. A zero-delay timeout gives the thread back to
 * input and rendering between slices on every platform (`requestIdleCallback` is missing on iOS).
 */
export const windowScheduler: TaskScheduler = {
	now: () => performance.now(),
	yieldToHost: () => new Promise((resolve) => window.setTimeout(resolve, 0)),
	delay: (callback, ms) => {
		const id = window.setTimeout(callback, ms);
		return () => window.clearTimeout(id);
	},
};
