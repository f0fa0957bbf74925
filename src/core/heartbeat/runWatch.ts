import type { ModelClient, ModelEvent } from "../agent/model";
import type { TaskScheduler } from "../ports";

export interface HeartbeatLimits {
	/** The whole run, tool call included: past it, the run is stopped and counts as timed out. */
	readonly totalMs: number;
	/** A model stream that sends nothing for this long (a stalled connection) is stopped. */
	readonly idleMs: number;
	/** The answer's length limit (`max_tokens`): a heartbeat says a few sentences at most. */
	readonly maxOutputTokens: number;
}

export const DEFAULT_HEARTBEAT_LIMITS: HeartbeatLimits = { totalMs: 90_000, idleMs: 30_000, maxOutputTokens: 1024 };

/**
 * The time limits of one run, over the host's timers. `signal` aborts the turn when a limit is
 * reached or when the host's own signal aborts (the user started chatting, the plugin unloads);
 * `timedOut` tells a limit from the host. The idle limit runs only while a model
 * stream is open, so a tool call is judged by the loop's own tool timeout, not by it.
 */
export class RunWatch {
	private readonly controller = new AbortController();
	private expired = false;
	private readonly cancelTotal: () => void;
	private cancelIdle: () => void = () => {};

	constructor(
		private readonly delay: TaskScheduler["delay"],
		private readonly limits: HeartbeatLimits,
		private readonly host?: AbortSignal,
	) {
		this.cancelTotal = delay(() => this.expire(), limits.totalMs);
		if (host?.aborted === true) this.controller.abort();
		else host?.addEventListener("abort", this.onHostAbort, { once: true });
	}

	get signal(): AbortSignal {
		return this.controller.signal;
	}

	get timedOut(): boolean {
		return this.expired;
	}

	/** `model`, with every event of its streams keeping the idle limit at bay. */
	watch(model: ModelClient): ModelClient {
		return {
			offline: model.offline,
			listModels: (signal) => model.listModels(signal),
			stream: (request) => watched(model.stream(request), () => this.armIdle(), () => this.cancelIdle()),
		};
	}

	/** Stops the timers once the run is over. */
	dispose(): void {
		this.cancelTotal();
		this.cancelIdle();
		this.host?.removeEventListener("abort", this.onHostAbort);
	}

	private armIdle(): void {
		this.cancelIdle();
		this.cancelIdle = this.delay(() => this.expire(), this.limits.idleMs);
	}

	private expire(): void {
		if (this.controller.signal.aborted) return;
		this.expired = true;
		this.controller.abort();
	}

	private readonly onHostAbort = () => this.controller.abort();
}

/** The stream's events as they come, `onEvent` called as it opens and at each event, `onEnd` however it ends. */
async function* watched(stream: AsyncIterable<ModelEvent>, onEvent: () => void, onEnd: () => void): AsyncGenerator<ModelEvent, void, undefined> {
	onEvent();
	try {
		for await (const event of stream) {
			onEvent();
			yield event;
		}
	} finally {
		onEnd();
	}
}
