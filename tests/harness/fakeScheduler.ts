import type { TaskScheduler } from "../../src/core/ports";

/**
 * A `TaskScheduler` on a clock the test moves: work "costs" time only when the test says so
 * (`spend`), each yield to the host is recorded with the time the slice before it took, and
 * timers fire when the clock passes them (`advance`).
 */
export class FakeScheduler implements TaskScheduler {
	private time = 0;
	private sliceStart = 0;
	/** How long each slice held the thread, in order. */
	readonly slices: number[] = [];
	private timers: { at: number; callback: () => void }[] = [];

	now(): number {
		return this.time;
	}

	/** Work on the main thread that takes `ms`. */
	spend(ms: number): void {
		this.time += ms;
	}

	async yieldToHost(): Promise<void> {
		this.slices.push(this.time - this.sliceStart);
		await Promise.resolve();
		this.sliceStart = this.time;
	}

	delay(callback: () => void, ms: number): () => void {
		const timer = { at: this.time + ms, callback };
		this.timers.push(timer);
		return () => {
			this.timers = this.timers.filter((other) => other !== timer);
		};
	}

	/** Moves the clock on, firing the timers that come due, in order. */
	advance(ms: number): void {
		const until = this.time + ms;
		for (;;) {
			const next = this.timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
			if (next === undefined) break;
			this.timers = this.timers.filter((timer) => timer !== next);
			this.time = next.at;
			next.callback();
		}
		this.time = until;
	}

	get pendingTimers(): number {
		return this.timers.length;
	}
}
