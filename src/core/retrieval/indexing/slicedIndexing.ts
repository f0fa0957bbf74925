import type { NoteInput } from "../notes/noteInput";
import type { RetrievalIndex } from "../retrievalIndex";
import { closeSteps } from "./steps";

/** How to spread work over time slices. */
export interface Slicing {
	/** A slice ends as soon as it has used this many milliseconds (one step more at most). */
	readonly sliceMs: number;
	/** A monotonic clock in milliseconds (`performance.now` in the plugin). */
	readonly now: () => number;
	/** Gives the host the main thread between slices (a zero-delay timer in the plugin). */
	readonly yieldToHost: () => Promise<void>;
}

export interface SliceOptions extends Slicing {
	/** How many notes will come, when known, for "Indexing 3,204 / 10,000". */
	readonly total?: number;
	readonly onProgress?: (progress: IndexProgress) => void;
}

export interface IndexProgress {
	readonly done: number;
	readonly total: number | null;
	/** The notes are in and the postings are being built: the last, short stretch. */
	readonly finishing: boolean;
}

/**
 * Feeds notes to the index in time slices, so that a first build of a large vault never holds
 * the main thread for long, reporting progress after each slice, with the typo index kept up as
 * words come in; then builds the postings, in slices too, so that the first search is instant.
 * The notes may come from an async source (a reader that fetches files as they are needed).
 */
export async function indexInSlices(
	index: RetrievalIndex,
	notes: Iterable<NoteInput> | AsyncIterable<NoteInput>,
	options: SliceOptions,
): Promise<IndexProgress> {
	let done = 0;
	const slices = new TimeSlices(options);
	const progress = (finishing: boolean): IndexProgress => ({ done, total: options.total ?? null, finishing });
	const report = () => options.onProgress?.(progress(false));
	for await (const note of notes) {
		// A long note is analyzed over several slices if need be.
		await slices.run(index.upsertSteps(note), report);
		await slices.run(index.keepTypoCorrectionUp(), report);
		done++;
		// Once a search during the build has made postings, they are kept compact as notes come in.
		if (index.needsCompaction) await slices.run(index.catchUp(), report);
		await slices.endIfSpent(report);
	}
	for (const steps of [index.catchUp(), index.prepareTypoCorrection()]) {
		await slices.run(steps, () => options.onProgress?.(progress(true)));
	}
	const finished = progress(false);
	options.onProgress?.(finished);
	return finished;
}

/** Runs work written as steps (see `RetrievalIndex.restoreSteps`) in time slices; resolves to what it returns. */
export function runInSlices<T>(steps: Generator<void, T>, slicing: Slicing): Promise<T> {
	return new TimeSlices(slicing).run(steps);
}

/**
 * A pause for work that waits between its own steps (an `await` of its own): each call gives the
 * host the thread once the slice has used its time.
 */
export function slicePauses(slicing: Slicing): () => Promise<void> {
	const slices = new TimeSlices(slicing);
	return () => slices.endIfSpent();
}

/** The time slices of one stretch of work: each ends, giving the host the thread, once it has used its time. */
class TimeSlices {
	private sliceStart: number;

	constructor(private readonly slicing: Slicing) {
		this.sliceStart = slicing.now();
	}

	/** Yields to the host when the slice has used its time, after `beforeYield` (a progress report). */
	async endIfSpent(beforeYield?: () => void): Promise<void> {
		if (this.slicing.now() - this.sliceStart < this.slicing.sliceMs) return;
		beforeYield?.();
		await this.slicing.yieldToHost();
		this.sliceStart = this.slicing.now();
	}

	async run<T>(steps: Generator<void, T>, beforeYield?: () => void): Promise<T> {
		try {
			for (;;) {
				const step = steps.next();
				if (step.done === true) return step.value;
				await this.endIfSpent(beforeYield);
			}
		} finally {
			// A progress report or the host's yield that threw ends the steps too.
			closeSteps(steps);
		}
	}
}
