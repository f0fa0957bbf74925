import type { TaskScheduler } from "../ports";

/**
 * A time limit over the host's timers: `signal` aborts once `ms` have passed (since the start, or
 * since the last `restart` for a limit on idleness) or as soon as the caller's own `host` signal
 * aborts; `expired` tells the limit from the caller's stop. `dispose` once the work is over.
 */
export class TimeLimit {
	private readonly controller = new AbortController();
	private cancelTimer: () => void = () => {};
	private ran = false;

	constructor(
		private readonly delay: TaskScheduler["delay"],
		private ms: number,
		private readonly host?: AbortSignal,
	) {
		if (host?.aborted === true) this.controller.abort();
		else host?.addEventListener("abort", this.onHostAbort, { once: true });
		this.restart();
	}

	get signal(): AbortSignal {
		return this.controller.signal;
	}

	/** The limit now running, in milliseconds. */
	get limitMs(): number {
		return this.ms;
	}

	/** Whether the limit ran out (rather than the host stopping the work). */
	get expired(): boolean {
		return this.ran;
	}

	/**
	 * The time counts from now again: what a limit on idleness does at each sign of life. `ms`
	 * replaces the limit from now on (a patient first wait, then the ordinary one).
	 */
	restart(ms: number = this.ms): void {
		this.ms = ms;
		this.cancelTimer();
		if (this.controller.signal.aborted) return;
		this.cancelTimer = this.delay(this.expire, this.ms);
	}

	dispose(): void {
		this.cancelTimer();
		this.host?.removeEventListener("abort", this.onHostAbort);
	}

	private readonly expire = () => {
		if (this.controller.signal.aborted) return;
		this.ran = true;
		this.controller.abort();
	};

	private readonly onHostAbort = () => {
		this.cancelTimer();
		this.controller.abort();
	};
}
