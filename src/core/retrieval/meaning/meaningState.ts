import type { MeaningStatus } from "./meaningIndex";

/**
 * Where search by meaning stands, as the status bar and the settings tell it: off; asking the
 * model what it reads and restoring its vectors; embedding, ready, or paused by the server's
 * failure (`MeaningStatus`, with the time until it is tried again); or held by the user.
 */
export type MeaningState =
	| { readonly state: "off" }
	| { readonly state: "starting" }
	| Exclude<MeaningStatus, { readonly state: "paused" }>
	| (Extract<MeaningStatus, { readonly state: "paused" }> & { readonly retryInMs: number })
	| { readonly state: "held"; readonly notesLeft: number };

/** The first pause after a failure of the server; each failure in a row doubles it, up to `LONGEST_RETRY_MS`. */
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 30 * 60_000;

/** How long to wait before trying a failing server again, after `failures` failures in a row. */
export function retryPause(failures: number): number {
	return Math.min(FIRST_RETRY_MS * 2 ** Math.min(failures, 16), LONGEST_RETRY_MS);
}

/** A value whose every change is told to its listeners. */
export class Observed<T> {
	private readonly listeners = new Set<(value: T) => void>();

	constructor(private current: T) {}

	get value(): T {
		return this.current;
	}

	set(value: T): void {
		this.current = value;
		for (const listener of this.listeners) listener(value);
	}

	/** Calls `listener` on every change; returns the function that stops it. */
	on(listener: (value: T) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}
}
