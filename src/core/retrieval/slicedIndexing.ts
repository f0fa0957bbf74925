import type { NoteInput } from "./noteInput";
import type { RetrievalIndex } from "./retrievalIndex";

export interface SliceOptions {
	/** A slice ends as soon as it has used this many milliseconds (one note or a batch of postings more at most). */
	readonly sliceMs: number;
	/** A monotonic clock in milliseconds (`performance.now` in the plugin). */
	readonly now: () => number;
	/** Gives the host the main thread between slices (a zero-delay timer in the plugin). */
	readonly yieldToHost: () => Promise<void>;
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
 * the main thread for long, reporting progress after each slice; then builds the postings and
 * the typo index, in slices too, so that the first search is instant. The notes may come from an async source
 * (a reader that fetches files as they are needed).
 */
export async function indexInSlices(
	index: RetrievalIndex,
	notes: Iterable<NoteInput> | AsyncIterable<NoteInput>,
	options: SliceOptions,
): Promise<IndexProgress> {
	let done = 0;
	let sliceStart = options.now();
	const progress = (finishing: boolean): IndexProgress => ({ done, total: options.total ?? null, finishing });
	const endSliceIfSpent = async (finishing: boolean) => {
		if (options.now() - sliceStart < options.sliceMs) return;
		options.onProgress?.(progress(finishing));
		await options.yieldToHost();
		sliceStart = options.now();
	};
	for await (const note of notes) {
		index.upsert(note);
		done++;
		await endSliceIfSpent(false);
	}
	for (const steps of [index.catchUp(), index.prepareTypoCorrection()]) {
		for (const step of steps) {
			void step;
			await endSliceIfSpent(true);
		}
	}
	const finished = progress(false);
	options.onProgress?.(finished);
	return finished;
}
