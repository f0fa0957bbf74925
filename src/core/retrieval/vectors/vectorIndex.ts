/**
 * Search by meaning over the index's own chunks: one vector per chunk, from one embedding model.
 *
 * How the host uses it (all of it synchronous and pure; the host embeds, stores and schedules):
 *
 * ```ts
 * const vectors = new VectorIndex(client.modelId, dims);      // or `decodeVectorSnapshot(bytes, …)` at start
 * // A note read or changed (never a hidden one): its chunks as the keyword index cuts them.
 * const keys = chunkKeysOf(chunkNote(content, metadata));      // one key per chunk, null: nothing to embed
 * const todo = vectors.missing(keys);                          // the only texts to send to the model
 * const fresh = new Map(todo.map((key, at) => [key, embedded[at]]));
 * vectors.putNote(path, keys, fresh);                          // searchable at once; unchanged chunks reused
 * vectors.dropNote(path);                                      // removed, or hidden: never found again
 * vectors.renameNote(from, to);                                // nothing re-embedded
 * vectors.search(queryVector, { limit: 20, accept: (path) => privacy.admits(path) });
 * const bytes = encodeVectorSnapshot(vectors);                 // beside the keyword snapshot
 * if (vectors.needsCompaction) vectors.compact();              // now and then: dropped rows freed
 * ```
 *
 * The work that grows with the vault comes in steps too, for time slices (`runInSlices`):
 * `encodeVectorSnapshotSteps`, `decodeVectorSnapshotSteps` and `compactSteps`.
 *
 * A vector is keyed by the model and the hash of the text embedded (`chunkKeyOf`), never by the
 * note: a rename, a restart, a rebuild or an edit elsewhere in the note finds its chunks' vectors
 * still here and re-embeds nothing. Another model is another index (`modelId` and `dims` are fixed
 * at construction, and a snapshot of another model restores nothing), so two models' vectors are
 * never ranked together.
 *
 * Chunks are addressed as the keyword index addresses them: the note's path and the chunk's number
 * in the note (0-based, in `chunkNote`'s order), so hits of the two join by path, and the chunk's
 * lines and heading come from the keyword index's record.
 *
 * What stays in memory per chunk: its sign code (one bit a dimension, 48 bytes at 384), its key
 * (8 bytes) and its slot in the key table (4 to 9 bytes), 64 bytes at 384 dimensions with the
 * notes' row numbers, all that a query scans; and its int8 vector (one byte a dimension), read
 * only to rescore the 200 best candidates, which lifts recall@10 against exact cosine from about
 * 0.55 (the codes alone) to about 0.98. The int8 vectors are in memory too: a search reads them
 * synchronously. A snapshot keeps them in one block, row after row, for a host that would rather
 * leave them on disk and read a query's candidates at their offsets.
 */
import { keyHalves, type ChunkKey } from "./embeddingKey";
import { KeyTable } from "./keyTable";
import { int8Cosine, unitVector, writeInt8 } from "./quantization";
import { grown, SignCodes } from "./signCodes";
import { runToEnd } from "../indexing/steps";
import { scanCodes } from "./vectorScan";

/** One note found by meaning: its best chunk, and that chunk's cosine with the query. */
export interface VectorHit {
	readonly path: string;
	/** The chunk's number in the note, as `chunkNote` cuts it. */
	readonly chunk: number;
	/** Cosine of the query and the chunk's vector, from -1 to 1 (int8 precision). */
	readonly score: number;
}

export interface VectorSearchOptions {
	/** How many notes to return. */
	readonly limit: number;
	/** Whether a note may be returned (the privacy view's rule, the search's filters), asked only of near ones. */
	readonly accept?: (path: string) => boolean;
	/** Candidates rescored with int8 vectors (default `DEFAULT_RESCORED`). */
	readonly rescored?: number;
}

/** What `putNote` did with a note's chunks. */
export interface PutOutcome {
	/** Chunks now searchable. */
	readonly searchable: number;
	/** Chunks left out for want of a vector (their key is neither stored nor among the fresh vectors). */
	readonly withoutVector: number;
}

/** A vector the index cannot take: of another dimension, with a value that is not finite, or all zeros. */
export class VectorShapeError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "VectorShapeError";
	}
}

/**
 * Candidates kept by the codes and rescored with int8: enough that recall@10 against exact cosine
 * is 0.98 to 0.99 on clustered vectors at 384 and 512 dimensions (see `npm run bench:vectors`).
 */
export const DEFAULT_RESCORED = 200;
/** Rows the Hamming pass hands to the asymmetric score, per rescored candidate. */
const SHORTLIST_PER_RESCORED = 10;

/** The arrays of an index, as a snapshot holds them (see `vectorSnapshot.ts`). */
export interface VectorRows {
	readonly rowCount: number;
	/** Two words a row: the key's high then low half; 0:0 for a chunk without a vector. */
	readonly keys: Uint32Array;
	/** `dims` bytes a row. */
	readonly int8: Int8Array;
	/** Each row's sign code, as `SignCodes` keeps them: made once from the int8 vector, then only copied. */
	readonly heads: Uint32Array;
	readonly tails: Uint32Array;
	readonly paths: readonly string[];
	/** `paths.length + 1` row numbers: note `n` holds rows `noteStarts[n]` to `noteStarts[n + 1]`, one per chunk. */
	readonly noteStarts: Int32Array;
}

/** Rows copied between two yields of the sliced work (a snapshot, a restore, a compaction): about 2 MB at 384 dimensions. */
const ROWS_PER_STEP = 4096;

/**
 * The live notes as they stand when a copy of them starts: their paths and row ranges, and the
 * arrays their rows are in. Rows are only ever appended, and a compaction or a restore puts new
 * arrays in place of the old, so these ranges of these arrays hold still while the copy runs in
 * steps, whatever the host changes meanwhile.
 */
interface LiveNotes {
	readonly paths: readonly string[];
	/** Two numbers a note: its first row and the row after its last, in the arrays below. */
	readonly ranges: Int32Array;
	readonly rowCount: number;
	readonly keys: Uint32Array;
	readonly int8: Int8Array;
	readonly heads: Uint32Array;
	readonly tails: Uint32Array;
}

/** Where a copy of the live rows goes: arrays of exactly their size (new ones, or views into a snapshot). */
export type RowTarget = Pick<VectorRows, "keys" | "int8" | "heads" | "tails" | "noteStarts">;

export class VectorIndex {
	private rowCount = 0;
	private codes: SignCodes;
	private keys: Uint32Array = new Uint32Array(0);
	private int8: Int8Array = new Int8Array(0);
	private table = new KeyTable(0);
	/** Note `n` holds rows `noteStarts[n]` to `noteStarts[n + 1]`; a note put again is appended anew. */
	private noteStarts: Int32Array = new Int32Array(1);
	/** `null` for a note dropped (or put again under a newer number): its rows are dead until `compact`. */
	private paths: (string | null)[] = [];
	private readonly notesByPath = new Map<string, number>();
	/** Rows of notes dropped (or put again): what `compact` removes. */
	private deadRows = 0;
	/** Rows of live notes without a vector (a chunk with nothing to embed, or in a script the model does not read). */
	private emptyRows = 0;
	/** Counts changes, so that a compaction in steps knows whether the host changed the index meanwhile. */
	private version = 0;

	constructor(
		readonly modelId: string,
		readonly dims: number,
	) {
		if (!Number.isInteger(dims) || dims < 1)
			throw new VectorShapeError(`Vectors need a whole number of dimensions, not ${dims}.`);
		this.codes = new SignCodes(dims);
	}

	/** An index of `rows` (a decoded snapshot's), its key table built in steps: the arrays are taken, not copied. */
	static *fromRowsSteps(modelId: string, dims: number, rows: VectorRows): Generator<void, VectorIndex> {
		const index = new VectorIndex(modelId, dims);
		index.rowCount = rows.rowCount;
		index.keys = rows.keys;
		index.int8 = rows.int8;
		index.codes = new SignCodes(dims, rows.heads, rows.tails);
		index.table = new KeyTable(rows.rowCount);
		index.noteStarts = rows.noteStarts;
		index.paths = [...rows.paths];
		index.paths.forEach((path, note) => index.notesByPath.set(path as string, note));
		for (let row = 0; row < rows.rowCount; row++) {
			if (index.hasVector(row)) index.table.set(rows.keys, row);
			else index.emptyRows++;
			if (row % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
		}
		return index;
	}

	/** Chunks searchable now (rows without a vector, and dead rows awaiting `compact`, not counted). */
	get chunkCount(): number {
		return this.rowCount - this.deadRows - this.emptyRows;
	}

	get noteCount(): number {
		return this.notesByPath.size;
	}

	/** Bytes of memory the index holds, its growth slack included. */
	get byteLength(): number {
		const rows = this.codes.byteLength + this.keys.byteLength + this.int8.byteLength + this.table.byteLength;
		return rows + this.noteStarts.byteLength + this.paths.length * 8;
	}

	/** Bytes of memory every query scans or looks keys up in (`byteLength` less the int8 vectors). */
	get residentCodeBytes(): number {
		return this.byteLength - this.int8.byteLength;
	}

	/** Whether dropped rows take so much room that `compact` is worth its cost (a copy of every row). */
	get needsCompaction(): boolean {
		return this.deadRows > 1024 && this.deadRows * 4 > this.rowCount;
	}

	/** The keys among `keys` that have no vector yet, each once: the texts to embed. */
	missing(keys: readonly (ChunkKey | null)[]): ChunkKey[] {
		const missing = new Set<ChunkKey>();
		for (const key of keys) if (key !== null && this.rowOfKey(key) === -1) missing.add(key);
		return [...missing];
	}

	/**
	 * Makes `keys` (one per chunk, in the note's order) the note's chunks, in place of any it had.
	 * A chunk's vector is the stored one for its key, or else the fresh one; a chunk with neither is
	 * left out until the note is put again. Fresh vectors are checked first: one that is not of
	 * `dims` finite values, not all zero, throws `VectorShapeError` and changes nothing.
	 */
	putNote(
		path: string,
		keys: readonly (ChunkKey | null)[],
		fresh: ReadonlyMap<ChunkKey, ArrayLike<number>> = new Map(),
	): PutOutcome {
		const units = new Map<ChunkKey, Float32Array>();
		for (const [key, vector] of fresh) {
			const unit = vector.length === this.dims ? unitVector(vector) : null;
			if (unit === null)
				throw new VectorShapeError(`The vector for ${key} is not ${this.dims} finite values, not all zero.`);
			if (keyHalves(key) === null) throw new VectorShapeError(`"${key}" is not a chunk key.`);
			units.set(key, unit);
		}
		if (this.holdsAlready(path, keys)) return { searchable: keys.length, withoutVector: 0 };
		this.version++;
		const start = this.rowCount;
		this.reserve(start + keys.length);
		let withoutVector = 0;
		for (const key of keys) {
			const row = this.rowCount++;
			const found = key === null ? false : this.fillRow(row, key, units.get(key));
			if (!found) withoutVector++;
		}
		this.dropNote(path);
		const note = this.paths.push(path) - 1;
		this.notesByPath.set(path, note);
		this.noteStarts = grown(this.noteStarts, note + 2);
		this.noteStarts[note + 1] = this.rowCount;
		this.emptyRows += withoutVector;
		return { searchable: keys.length - withoutVector, withoutVector };
	}

	/** Removes the note from every later search, at once (its vectors are kept for reuse until `compact`). */
	dropNote(path: string): void {
		const note = this.notesByPath.get(path);
		if (note === undefined) return;
		this.version++;
		this.notesByPath.delete(path);
		this.paths[note] = null;
		for (let row = this.noteStarts[note]; row < this.noteStarts[note + 1]; row++) {
			this.deadRows++;
			if (!this.hasVector(row)) this.emptyRows--;
		}
	}

	/** Follows a rename: the note's chunks and vectors move with it, nothing to embed. */
	renameNote(from: string, to: string): void {
		const note = this.notesByPath.get(from);
		if (note === undefined || from === to) return;
		this.version++;
		this.dropNote(to);
		this.notesByPath.delete(from);
		this.notesByPath.set(to, note);
		this.paths[note] = to;
	}

	/** The notes held, by path. */
	notePaths(): string[] {
		return [...this.notesByPath.keys()];
	}

	hasNote(path: string): boolean {
		return this.notesByPath.has(path);
	}

	/**
	 * The notes whose chunks are nearest `query` (a vector of `dims` values, made for a query), best
	 * first, each once with its best chunk: up to `limit` of them, fewer when the notes of the
	 * `rescored` best chunks are fewer. A note dropped, or that `accept` refuses, is never
	 * returned. A query of another dimension, or with a value that is not finite, finds nothing.
	 */
	search(query: ArrayLike<number>, options: VectorSearchOptions): VectorHit[] {
		const unit = query.length === this.dims ? unitVector(query) : null;
		if (unit === null || this.chunkCount === 0 || options.limit < 1) return [];
		const rescored = Math.max(options.rescored ?? DEFAULT_RESCORED, options.limit);
		const verdicts = new Map<number, boolean>();
		const accepts = (note: number): boolean => {
			const path = this.paths[note];
			if (path === null) return false;
			let verdict = verdicts.get(note);
			if (verdict === undefined) verdicts.set(note, (verdict = options.accept?.(path) ?? true));
			return verdict;
		};
		const candidates = scanCodes(
			unit,
			{
				rowCount: this.rowCount,
				codes: this.codes,
				admits: (row) => this.hasVector(row) && accepts(this.noteOfRow(row)),
			},
			rescored * SHORTLIST_PER_RESCORED,
			rescored,
		);
		const best = new Map<number, VectorHit>();
		for (const row of candidates) {
			const note = this.noteOfRow(row);
			const score = int8Cosine(unit, this.int8, row * this.dims);
			const held = best.get(note);
			if (held === undefined || score > held.score)
				best.set(note, { path: this.paths[note] as string, chunk: row - this.noteStarts[note], score });
		}
		return [...best.values()].sort((a, b) => b.score - a.score).slice(0, options.limit);
	}

	/**
	 * What the note is about as one vector: the mean of its chunks' unit vectors, to search its
	 * neighbours with (related notes). `null` for a note the index does not hold, or without a vector.
	 */
	noteVector(path: string): Float32Array | null {
		const note = this.notesByPath.get(path);
		if (note === undefined) return null;
		const mean = new Float32Array(this.dims);
		let rows = 0;
		for (let row = this.noteStarts[note]; row < this.noteStarts[note + 1]; row++) {
			if (!this.hasVector(row)) continue;
			const unit = unitVector(this.int8.subarray(row * this.dims, (row + 1) * this.dims));
			if (unit === null) continue;
			for (let d = 0; d < this.dims; d++) mean[d] += unit[d];
			rows++;
		}
		return rows === 0 ? null : mean;
	}

	/** Rewrites the rows without the dead ones (those of dropped notes), at once. */
	compact(): void {
		runToEnd(this.compactSteps());
	}

	/**
	 * `compact` in steps of bounded work, for a caller that spreads it over time slices; the index
	 * answers searches meanwhile, and takes the compacted rows only at the end. A change made
	 * between two steps wins: the compaction is dropped (`false`), to be tried again later.
	 */
	*compactSteps(): Generator<void, boolean> {
		const version = this.version;
		const live = this.liveNotes();
		const target: RowTarget = {
			keys: new Uint32Array(live.rowCount * 2),
			int8: new Int8Array(live.rowCount * this.dims),
			heads: new Uint32Array(live.rowCount * this.codes.headWords),
			tails: new Uint32Array(live.rowCount * this.codes.tailWords),
			noteStarts: new Int32Array(live.paths.length + 1),
		};
		yield* this.copyRows(live, target);
		const rows = { ...target, rowCount: live.rowCount, paths: live.paths };
		const compacted = yield* VectorIndex.fromRowsSteps(this.modelId, this.dims, rows);
		if (this.version !== version) return false;
		this.rowCount = compacted.rowCount;
		this.keys = compacted.keys;
		this.int8 = compacted.int8;
		this.codes = compacted.codes;
		this.table = compacted.table;
		this.noteStarts = compacted.noteStarts;
		this.paths = compacted.paths;
		this.deadRows = compacted.deadRows;
		this.emptyRows = compacted.emptyRows;
		this.notesByPath.clear();
		compacted.notesByPath.forEach((note, path) => this.notesByPath.set(path, note));
		return true;
	}

	/**
	 * The live notes as they stand now: what a snapshot or a compaction copies. A dropped note's
	 * vectors, and those of keys no note has any more, are left behind.
	 */
	liveNotes(): LiveNotes {
		const paths: string[] = [];
		const ranges = new Int32Array(this.notesByPath.size * 2);
		let rowCount = 0;
		for (let note = 0; note < this.paths.length; note++) {
			const path = this.paths[note];
			if (path === null) continue;
			const [from, to] = [this.noteStarts[note], this.noteStarts[note + 1]];
			ranges.set([from, to], paths.length * 2);
			paths.push(path);
			rowCount += to - from;
		}
		const { keys, int8 } = this;
		return { paths, ranges, rowCount, keys, int8, heads: this.codes.heads, tails: this.codes.tails };
	}

	/** Copies the rows of `live` into `target`, one note after the other, in steps of about `ROWS_PER_STEP` rows. */
	*copyRows(live: LiveNotes, target: RowTarget): Generator<void, void> {
		const { headWords, tailWords } = this.codes;
		const dims = this.dims;
		let at = 0;
		let sinceYield = 0;
		for (let note = 0; note < live.paths.length; note++) {
			const [from, to] = [live.ranges[note * 2], live.ranges[note * 2 + 1]];
			target.keys.set(live.keys.subarray(from * 2, to * 2), at * 2);
			target.int8.set(live.int8.subarray(from * dims, to * dims), at * dims);
			target.heads.set(live.heads.subarray(from * headWords, to * headWords), at * headWords);
			target.tails.set(live.tails.subarray(from * tailWords, to * tailWords), at * tailWords);
			at += to - from;
			target.noteStarts[note + 1] = at;
			sinceYield += to - from + 1;
			if (sinceYield >= ROWS_PER_STEP) {
				sinceYield = 0;
				yield;
			}
		}
	}

	/**
	 * Whether the note is held with exactly these keys, each with its vector, a chunk with no key
	 * without one: nothing to do.
	 */
	private holdsAlready(path: string, keys: readonly (ChunkKey | null)[]): boolean {
		const note = this.notesByPath.get(path);
		if (note === undefined) return false;
		const start = this.noteStarts[note];
		if (this.noteStarts[note + 1] - start !== keys.length) return false;
		return keys.every((key, at) => {
			const row = start + at;
			if (key === null) return !this.hasVector(row);
			const halves = keyHalves(key);
			return halves !== null && this.keys[row * 2] === halves[0] && this.keys[row * 2 + 1] === halves[1];
		});
	}

	/** Writes the vector for `key` at `row`: a copy of the stored one, else the fresh one; `false` if neither. */
	private fillRow(row: number, key: ChunkKey, unit: Float32Array | undefined): boolean {
		const halves = keyHalves(key);
		const source = this.rowOfKey(key);
		if (halves === null || (source === -1 && unit === undefined)) {
			this.keys[row * 2] = 0;
			this.keys[row * 2 + 1] = 0;
			return false;
		}
		this.keys[row * 2] = halves[0];
		this.keys[row * 2 + 1] = halves[1];
		const dims = this.dims;
		if (source !== -1) {
			this.codes.copy(row, source);
			this.int8.copyWithin(row * dims, source * dims, (source + 1) * dims);
		} else {
			writeInt8(unit as Float32Array, this.int8, row * dims);
			this.codes.write(row, this.int8.subarray(row * dims, (row + 1) * dims));
		}
		// The newest row holds the key from now on: it is the one that stays when older notes are dropped.
		this.table.set(this.keys, row);
		return true;
	}

	private rowOfKey(key: ChunkKey): number {
		const halves = keyHalves(key);
		return halves === null ? -1 : this.table.find(this.keys, halves[0], halves[1]);
	}

	private hasVector(row: number): boolean {
		return this.keys[row * 2] !== 0 || this.keys[row * 2 + 1] !== 0;
	}

	/** The note whose rows include `row`: the last note starting at or before it (notes are in row order). */
	private noteOfRow(row: number): number {
		let [low, high] = [0, this.paths.length - 1];
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if (this.noteStarts[middle] <= row) low = middle;
			else high = middle - 1;
		}
		return low;
	}

	private reserve(rows: number): void {
		this.codes.reserve(rows);
		this.keys = grown(this.keys, rows * 2);
		this.int8 = grown(this.int8, rows * this.dims);
	}
}
