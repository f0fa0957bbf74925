import type { ModelEvent } from "../core/model/modelClient";
import type { TaskScheduler } from "../core/ports";

const NOTICE = Symbol("waiting");

/**
 * The one `waiting-for-model` of a request: due once `ms` have passed with nothing from the
 * server, told while a wait is still going on, and never twice (retries included). `ms`
 * undefined: never due (Anthropic's answers begin within seconds).
 */
export class WaitNotice {
	private due: Promise<typeof NOTICE> | undefined;
	private told = false;
	private cancel: () => void = () => {};

	constructor(delay: TaskScheduler["delay"], ms: number | undefined) {
		if (ms === undefined) return;
		this.due = new Promise((resolve) => {
			this.cancel = delay(() => resolve(NOTICE), ms);
		});
	}

	/** Waits for `work`, yielding `waiting-for-model` first if the notice falls due meanwhile. */
	async *during<T>(work: Promise<T>): AsyncGenerator<ModelEvent, T, undefined> {
		if (this.due === undefined || this.told) return await work;
		// The work's failure is awaited below whichever settles first; this keeps it from counting as unhandled meanwhile.
		work.catch(() => undefined);
		const first = await Promise.race([work.then((value) => ({ value })), this.due]);
		if (first !== NOTICE) return first.value;
		this.told = true;
		yield { type: "waiting-for-model" };
		return await work;
	}

	/** `waiting-for-model` now, unless it was told already: the server itself said it is loading the model. */
	*now(): Generator<ModelEvent, void, undefined> {
		if (this.told || this.due === undefined) return;
		this.told = true;
		this.cancel();
		yield { type: "waiting-for-model" };
	}

	/** Nothing more to wait for: the first event arrived, or the request is over. */
	dispose(): void {
		this.cancel();
		this.due = undefined;
	}
}
