/**
 * Search by meaning over the index's own chunks: one vector per chunk, from one embedding model.
 *
 * How the host uses it (pure: the host embeds, stores and schedules; only a search and a save wait,
 * for the saved vectors they read through the host's `VectorRowSource`):
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
 * const hits = await vectors.search(queryVector, { limit: 20, accept: (path) => privacy.admits(path) });
 * const bytes = await encodeVectorSnapshot(vectors);           // beside the keyword snapshot
 * // Then, once saved, the index as saved (dropped notes' rows left behind), its vectors read where they were saved:
 * vectors = decodeVectorSnapshot(bytes, { modelId, dims }, { rowsFrom: (block) => rowReaderOver(savedFile, block) }).index;
 * ```
 *
 * A restore comes in steps, for time slices (`runInSlices`): `decodeVectorSnapshotSteps`.
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
 * What stays in memory per chunk is what a query scans and what a put looks keys up in: its sign
 * code (one bit a dimension, 48 bytes at 384), its key (8 bytes), its slot in the key table (3
 * bytes, the table 45% to 90% full) and its share of the note table (a note's row numbers, its
 * slot, a pointer to its path, the path's string itself the host's: see `keepOnly`): 63.7 bytes a
 * chunk at 384 dimensions, as the heap measures it (`npm run bench:vectors`). Its int8 vector (a
 * byte a dimension) is read only to rescore the 200 best candidates, which lifts recall@10
 * against exact cosine from about 0.6 with the codes alone (and as low with 1-bit codes given
 * per-vector corrections and read against the float query, RaBitQ's way) to 0.98; so once saved
 * it stays where the snapshot keeps it, and a query reads its candidates' rows there
 * (`VectorRowSource`). Vectors added since the last save, and the rows of notes dropped or put
 * again, are in memory until the host saves and takes the index restored from that snapshot in
 * this one's place (see `version`).
 */
import { keyHalves, type ChunkKey } from "./embeddingKey";
import { KeyTable } from "./keyTable";
import { NoteTable } from "./noteTable";
import type { LiveNotes, VectorRows } from "./liveRows";
import { int8Cosine, unitVector } from "./quantization";
import { grown, SignCodes } from "./signCodes";
import { RowVectors } from "./vectorRows";
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

/** Rows looked at between two yields of a restore. */
const ROWS_PER_STEP = 4096;

export class VectorIndex {
	private rowCount = 0;
	private codes: SignCodes;
	private keys: Uint32Array = new Uint32Array(0);
	private vectors: RowVectors;
	private table = new KeyTable(0);
	/** The notes and their rows; a note put again is appended anew, its old rows dead until the next save. */
	private notes = new NoteTable();
	/** Rows of notes dropped (or put again): what the next save leaves out. */
	private deadRows = 0;
	/** Rows of live notes without a vector (a chunk with nothing to embed, or in a script the model does not read). */
	private emptyRows = 0;
	private changes = 0;

	constructor(
		readonly modelId: string,
		readonly dims: number,
	) {
		if (!Number.isInteger(dims) || dims < 1)
			throw new VectorShapeError(`Vectors need a whole number of dimensions, not ${dims}.`);
		this.codes = new SignCodes(dims);
		this.vectors = new RowVectors(dims);
	}

	/** An index of `rows` (a decoded snapshot's), its key table built in steps: the arrays are taken, not copied. */
	static *fromRowsSteps(modelId: string, dims: number, rows: VectorRows): Generator<void, VectorIndex> {
		const index = new VectorIndex(modelId, dims);
		index.rowCount = rows.rowCount;
		index.keys = rows.keys;
		index.vectors = new RowVectors(dims, rows.vectors, rows.rowCount);
		index.codes = new SignCodes(dims, rows.heads, rows.tails);
		index.table = new KeyTable(rows.rowCount);
		index.notes = new NoteTable(rows.paths, rows.noteStarts);
		for (let row = 0; row < rows.rowCount; row++) {
			if (index.hasVector(row)) index.table.set(rows.keys, row);
			else index.emptyRows++;
			if (row % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
		}
		return index;
	}

	/** Chunks searchable now (rows without a vector, and dead rows awaiting the next save, not counted). */
	get chunkCount(): number {
		return this.rowCount - this.deadRows - this.emptyRows;
	}

	get noteCount(): number {
		return this.notes.size;
	}

	/**
	 * Bytes of memory the index's arrays hold, their growth slack included: the codes, keys, key
	 * table and note table every chunk keeps, the vectors added since the last save, and the saved
	 * ones when they were restored into memory (the paths' strings are the host's: see `keepOnly`).
	 */
	get byteLength(): number {
		const rows = this.codes.byteLength + this.keys.byteLength + this.table.byteLength + this.vectors.byteLength;
		return rows + this.notes.byteLength;
	}

	/**
	 * Counts the changes made to the index: a host that saved it and would put the index restored
	 * from the snapshot in its place (its dropped rows left behind, its vectors out of memory) does
	 * so only if this did not change while the snapshot was made.
	 */
	get version(): number {
		return this.changes;
	}

	/** Rows of dropped notes (or of notes put again) still held: the next save leaves them out. */
	get droppedRows(): number {
		return this.deadRows;
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
		this.changes++;
		const start = this.rowCount;
		this.reserve(start + keys.length);
		let withoutVector = 0;
		for (const key of keys) {
			const row = this.rowCount++;
			const found = key === null ? false : this.fillRow(row, key, units.get(key));
			if (!found) withoutVector++;
		}
		this.dropNote(path);
		this.notes.add(path, this.rowCount);
		this.emptyRows += withoutVector;
		return { searchable: keys.length - withoutVector, withoutVector };
	}

	/** Removes the note from every later search, at once (its vectors are kept for reuse until the next save). */
	dropNote(path: string): void {
		const note = this.notes.noteOf(path);
		if (note === -1) return;
		this.changes++;
		this.notes.drop(note);
		for (let row = this.notes.startOf(note); row < this.notes.endOf(note); row++) {
			this.deadRows++;
			if (!this.hasVector(row)) this.emptyRows--;
		}
	}

	/** Follows a rename: the note's chunks and vectors move with it, nothing to embed. */
	renameNote(from: string, to: string): void {
		const note = this.notes.noteOf(from);
		if (note === -1 || from === to) return;
		this.changes++;
		this.dropNote(to);
		this.notes.rename(note, to);
	}

	/**
	 * Drops every note whose path is not among `paths` (the notes the host holds now: one deleted or
	 * made hidden while no one was watching goes), and takes the host's own strings for the paths
	 * kept, so that a restored index keeps no second copy of them. How many notes were dropped.
	 */
	keepOnly(paths: Iterable<string>): number {
		const kept = new Set<string>();
		for (const path of paths) {
			this.notes.share(path);
			kept.add(path);
		}
		const gone = this.notes.heldPaths().filter((path) => !kept.has(path));
		for (const path of gone) this.dropNote(path);
		return gone.length;
	}

	/** The notes held, by path. */
	notePaths(): string[] {
		return this.notes.heldPaths();
	}

	hasNote(path: string): boolean {
		return this.notes.noteOf(path) !== -1;
	}

	/**
	 * The notes whose chunks are nearest `query` (a vector of `dims` values, made for a query), best
	 * first, each once with its best chunk: up to `limit` of them, fewer when the notes of the
	 * `rescored` best chunks are fewer. A note dropped, or that `accept` refuses, is never
	 * returned, even when it is dropped while the candidates' vectors are read. A query of another
	 * dimension, or with a value that is not finite, finds nothing. Rejects when the saved vectors
	 * cannot be read.
	 */
	async search(query: ArrayLike<number>, options: VectorSearchOptions): Promise<VectorHit[]> {
		const unit = query.length === this.dims ? unitVector(query) : null;
		if (unit === null || this.chunkCount === 0 || options.limit < 1) return [];
		const rescored = Math.max(options.rescored ?? DEFAULT_RESCORED, options.limit);
		const verdicts = new Map<number, boolean>();
		const accepts = (note: number): boolean => {
			const path = this.notes.pathOf(note);
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
				admits: (row) => this.hasVector(row) && accepts(this.notes.noteOfRow(row)),
			},
			rescored * SHORTLIST_PER_RESCORED,
			rescored,
		);
		const int8 = await this.vectors.read(candidates);
		const best = new Map<number, VectorHit>();
		candidates.forEach((row, at) => {
			const note = this.notes.noteOfRow(row);
			const path = this.notes.pathOf(note);
			// Dropped while the vectors were read: hidden, or removed, since the query came.
			if (path === null) return;
			const score = int8Cosine(unit, int8, at * this.dims);
			const held = best.get(note);
			if (held === undefined || score > held.score)
				best.set(note, { path, chunk: row - this.notes.startOf(note), score });
		});
		return [...best.values()].sort((a, b) => b.score - a.score).slice(0, options.limit);
	}

	/**
	 * What the note is about as one vector: the mean of its chunks' unit vectors, to search its
	 * neighbours with (related notes). `null` for a note the index does not hold, or without a
	 * vector. Rejects when the saved vectors cannot be read.
	 */
	async noteVector(path: string): Promise<Float32Array | null> {
		const note = this.notes.noteOf(path);
		if (note === -1) return null;
		const rows: number[] = [];
		for (let row = this.notes.startOf(note); row < this.notes.endOf(note); row++)
			if (this.hasVector(row)) rows.push(row);
		const int8 = await this.vectors.read(Int32Array.from(rows));
		const mean = new Float32Array(this.dims);
		let units = 0;
		for (let at = 0; at < rows.length; at++) {
			const unit = unitVector(int8.subarray(at * this.dims, (at + 1) * this.dims));
			if (unit === null) continue;
			for (let dim = 0; dim < this.dims; dim++) mean[dim] += unit[dim];
			units++;
		}
		return units === 0 ? null : mean;
	}

	/**
	 * The live notes as they stand now: what a snapshot copies. A dropped note's vectors, and those
	 * of keys no note has any more, are left behind.
	 */
	liveNotes(): LiveNotes {
		const paths: string[] = [];
		const ranges = new Int32Array(this.notes.size * 2);
		let rowCount = 0;
		for (let note = 0; note < this.notes.numbered; note++) {
			const path = this.notes.pathOf(note);
			if (path === null) continue;
			const [from, to] = [this.notes.startOf(note), this.notes.endOf(note)];
			ranges.set([from, to], paths.length * 2);
			paths.push(path);
			rowCount += to - from;
		}
		const { keys, codes, vectors } = this;
		return { paths, ranges, rowCount, keys, heads: codes.heads, tails: codes.tails, codes, vectors };
	}

	/**
	 * Whether the note is held with exactly these keys, each with its vector, a chunk with no key
	 * without one: nothing to do.
	 */
	private holdsAlready(path: string, keys: readonly (ChunkKey | null)[]): boolean {
		const note = this.notes.noteOf(path);
		if (note === -1) return false;
		const start = this.notes.startOf(note);
		if (this.notes.endOf(note) - start !== keys.length) return false;
		return keys.every((key, at) => {
			const row = start + at;
			if (key === null) return !this.hasVector(row);
			const halves = keyHalves(key);
			return halves !== null && this.keys[row * 2] === halves[0] && this.keys[row * 2 + 1] === halves[1];
		});
	}

	/** Writes the vector for `key` at `row`: the stored one's, else the fresh one; `false` if neither. */
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
		if (source !== -1) {
			this.codes.copy(row, source);
			this.vectors.copy(row, source);
		} else this.codes.write(row, this.vectors.write(row, unit as Float32Array));
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

	private reserve(rows: number): void {
		this.codes.reserve(rows);
		this.keys = grown(this.keys, rows * 2);
		this.vectors.reserve(rows);
	}
}
