import type { TaskScheduler } from "../../core/ports";

/**
 * The least time between two drawings of a count that only goes on (notes indexed so far). Work
 * reports after every slice, and each new count drawn costs the window a frame of style, layout
 * and paint: drawn every time, in a large workspace in Chromium slowed 4× as a phone, those frames
 * took half of the main thread while the index was built.
 */
export const PROGRESS_REDRAW_MS = 200;

/**
 * Draws a piece of progress when asked: at once (`now`), or, for a count that only went on,
 * at most every `PROGRESS_REDRAW_MS` (`soon`), the state as it is at the end of the wait.
 */
export class Redraw {
	private drawnAt = Number.NEGATIVE_INFINITY;
	private cancelWait: (() => void) | null = null;

	constructor(
		private readonly scheduler: Pick<TaskScheduler, "now" | "delay">,
		private readonly draw: () => void,
	) {}

	now(): void {
		this.cancel();
		this.drawnAt = this.scheduler.now();
		this.draw();
	}

	soon(): void {
		const wait = this.drawnAt + PROGRESS_REDRAW_MS - this.scheduler.now();
		if (wait <= 0) this.now();
		else this.cancelWait ??= this.scheduler.delay(() => this.now(), wait);
	}

	/** Forgets a drawing that waits. */
	cancel(): void {
		this.cancelWait?.();
		this.cancelWait = null;
	}
}
