import type { SignCodes } from "./signCodes";
import type { RowVectors, VectorRowSource } from "./vectorRows";

/** The arrays of an index as a snapshot holds them (see `vectorSnapshot.ts`), its int8 vectors where they were saved. */
export interface VectorRows {
	readonly rowCount: number;
	/** Two words a row: the key's high then low half; 0:0 for a chunk without a vector. */
	readonly keys: Uint32Array;
	/** Each row's sign code, as `SignCodes` keeps them: made once from the int8 vector, then only copied. */
	readonly heads: Uint32Array;
	readonly tails: Uint32Array;
	readonly paths: readonly string[];
	/** `paths.length + 1` row numbers: note `n` holds rows `noteStarts[n]` to `noteStarts[n + 1]`, one per chunk. */
	readonly noteStarts: Int32Array;
	/** Row `r`'s int8 vector is saved row `r` of this source. */
	readonly vectors: VectorRowSource;
}

/**
 * The live notes as they stand when a copy of them starts: their paths and row ranges, and the
 * arrays their rows are in. Rows are only ever appended (a growing array is copied whole, its
 * rows kept), so these ranges hold still while the copy waits for saved vectors, whatever the
 * host changes meanwhile.
 */
export interface LiveNotes {
	readonly paths: readonly string[];
	/** Two numbers a note: its first row and the row after its last, in the arrays below. */
	readonly ranges: Int32Array;
	readonly rowCount: number;
	readonly keys: Uint32Array;
	readonly heads: Uint32Array;
	readonly tails: Uint32Array;
	readonly codes: Pick<SignCodes, "headWords" | "tailWords">;
	readonly vectors: RowVectors;
}

/** Where a copy of the live rows goes: arrays of exactly their size, views into a snapshot's head. */
export type RowTarget = Pick<VectorRows, "keys" | "heads" | "tails" | "noteStarts">;

/** Rows copied between two waits for saved vectors: 1.5 MB of them at 384 dimensions. */
const ROWS_PER_READ = 4096;

/**
 * Copies the rows of `live` into `target`, one note after the other, a few thousand rows at a
 * time: each batch's row numbers are yielded, in the order of the snapshot's rows block, for the
 * caller to read their int8 vectors (at once or after a wait, from where they were saved).
 */
export function* copyLiveRows(live: LiveNotes, target: RowTarget): Generator<Int32Array, void, void> {
	const { headWords, tailWords } = live.codes;
	let at = 0;
	let batch: number[] = [];
	for (let note = 0; note <= live.paths.length; note++) {
		if (batch.length >= ROWS_PER_READ || (note === live.paths.length && batch.length > 0)) {
			yield Int32Array.from(batch);
			batch = [];
		}
		if (note === live.paths.length) return;
		const [from, to] = [live.ranges[note * 2], live.ranges[note * 2 + 1]];
		target.keys.set(live.keys.subarray(from * 2, to * 2), at * 2);
		target.heads.set(live.heads.subarray(from * headWords, to * headWords), at * headWords);
		target.tails.set(live.tails.subarray(from * tailWords, to * tailWords), at * tailWords);
		at += to - from;
		target.noteStarts[note + 1] = at;
		for (let row = from; row < to; row++) batch.push(row);
	}
}
