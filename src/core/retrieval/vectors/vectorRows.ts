import { grown } from "./signCodes";
import { writeInt8 } from "./quantization";

/**
 * Where the int8 vectors of a saved index are read from, out of memory: the rows block of the
 * snapshot they were saved in (a file read at offsets on the command line, the stored snapshot in
 * the plugin), read only for the few hundred candidates of a query and when the index is saved.
 */
export interface VectorRowSource {
	/** The int8 vectors of the saved rows `rows` (numbers in the snapshot), `dims` bytes each, in the order asked. */
	read(rows: Int32Array): Promise<Int8Array>;
	/**
	 * `read` at once, for a source that can (rows in memory, a file on the command line): what a
	 * host that must save before it exits saves with (`encodeVectorSnapshotNow`).
	 */
	readonly readNow?: (rows: Int32Array) => Int8Array;
	/** Bytes of memory the rows take when the source keeps them there; none for rows read elsewhere. */
	readonly byteLength?: number;
}

/** Where a snapshot's rows block stands, for a host that opens a `VectorRowSource` over it. */
export interface RowBlock {
	/** Bytes from the snapshot's start to its first row. */
	readonly offset: number;
	/** Bytes a row: one a dimension. */
	readonly rowBytes: number;
	readonly rowCount: number;
}

/**
 * A vector snapshot as the host stored it and reads it back: its bytes (its head at least, up to
 * the rows block, or the whole), and a reader of its rows where they are stored. The same shape in
 * every host: a file read by offset on the command line, small records in IndexedDB.
 */
export interface StoredSnapshot {
	readonly bytes: Uint8Array;
	/** Opens the rows block where it is stored (`DecodeOptions.rowsFrom`). */
	readonly rowsFrom: (block: RowBlock) => VectorRowSource;
	/**
	 * Lets go of the stored rows: for a snapshot that restored nothing, or whose restored index was
	 * put aside (by another model's, or by the index restored from a later save).
	 */
	readonly release: () => void;
}

/**
 * The saved vectors could not be read: a search answers by keyword alone rather than with a vector
 * it cannot trust. `damaged` when what was read is wrong (a record or a file damaged, missing, or
 * cut short), which reading again will not mend; not when the read itself failed (the store closing).
 */
export class SavedRowsError extends Error {
	constructor(
		message: string,
		readonly damaged = true,
	) {
		super(message);
		this.name = "SavedRowsError";
	}
}

/** The rows of a block already in memory (a snapshot's bytes, kept whole). */
export function rowsInMemory(int8: Int8Array, dims: number): VectorRowSource {
	return {
		read: (rows) => Promise.resolve(gathered(int8, dims, rows)),
		readNow: (rows) => gathered(int8, dims, rows),
		byteLength: int8.byteLength,
	};
}

/** The rows `rows` of `int8`, one after the other. */
export function gathered(int8: Int8Array, dims: number, rows: Int32Array): Int8Array {
	const out = new Int8Array(rows.length * dims);
	rows.forEach((row, at) => out.set(int8.subarray(row * dims, (row + 1) * dims), at * dims));
	return out;
}

/** No saved row: an index built since the start, before its first save. */
const NOTHING_SAVED: VectorRowSource = {
	read: () => Promise.resolve(new Int8Array(0)),
	readNow: () => new Int8Array(0),
};

/**
 * The int8 vector of every row of an index. Rows restored from a snapshot (the first
 * `savedCount`) stay where the snapshot keeps them, read through the source; rows added since
 * are pending in memory until the next save: their bytes, or, for a chunk whose vector a saved row
 * already holds (a note put again, an unchanged chunk), that row's number alone.
 */
export class RowVectors {
	/** `dims` bytes a pending row; a row that points to a saved one leaves its bytes unused. */
	private pending: Int8Array = new Int8Array(0);
	/** A pending row's saved row, or -1 when its bytes are pending. */
	private pendingSaved: Int32Array = new Int32Array(0);

	constructor(
		readonly dims: number,
		private readonly saved: VectorRowSource = NOTHING_SAVED,
		readonly savedCount = 0,
	) {}

	/** Bytes held in memory: the pending rows, and the saved ones when the source keeps them there. */
	get byteLength(): number {
		return this.pending.byteLength + this.pendingSaved.byteLength + (this.saved.byteLength ?? 0);
	}

	reserve(rows: number): void {
		const pendingRows = Math.max(0, rows - this.savedCount);
		this.pending = grown(this.pending, pendingRows * this.dims);
		this.pendingSaved = grown(this.pendingSaved, pendingRows);
	}

	/** Writes the vector of `unit` at `row` (a row added since the snapshot). */
	write(row: number, unit: Float32Array): Int8Array {
		const at = row - this.savedCount;
		this.pendingSaved[at] = -1;
		writeInt8(unit, this.pending, at * this.dims);
		return this.pending.subarray(at * this.dims, (at + 1) * this.dims);
	}

	/** Gives `row` (a row added since the snapshot) the vector of `source`, without reading a saved one. */
	copy(row: number, source: number): void {
		const [at, dims] = [row - this.savedCount, this.dims];
		const saved = this.savedRowOf(source);
		this.pendingSaved[at] = saved;
		if (saved !== -1) return;
		const from = source - this.savedCount;
		this.pending.copyWithin(at * dims, from * dims, (from + 1) * dims);
	}

	/**
	 * The vectors of `rows`, `dims` bytes each in the order asked: the saved ones in one read.
	 * Rejects with `SavedRowsError` when the saved ones cannot be read.
	 */
	async read(rows: Int32Array): Promise<Int8Array> {
		const parts = this.split(rows);
		if (parts.saved.length === 0) return parts.fill(new Int8Array(0));
		let read: Int8Array;
		try {
			read = await this.saved.read(parts.saved);
		} catch (error) {
			throw error instanceof SavedRowsError
				? error
				: new SavedRowsError(error instanceof Error ? error.message : String(error), false);
		}
		return parts.fill(read);
	}

	/** `read` at once; throws for saved vectors their source reads only after a wait. */
	readNow(rows: Int32Array): Int8Array {
		const parts = this.split(rows);
		if (parts.saved.length === 0) return parts.fill(new Int8Array(0));
		if (this.saved.readNow === undefined) throw new Error("The saved vectors are read only after a wait.");
		return parts.fill(this.saved.readNow(parts.saved));
	}

	/** The pending vectors of `rows` copied out, and the saved rows still to read, with where they go. */
	private split(rows: Int32Array): { readonly saved: Int32Array; fill: (read: Int8Array) => Int8Array } {
		const dims = this.dims;
		const out = new Int8Array(rows.length * dims);
		const savedRows: number[] = [];
		const savedAt: number[] = [];
		rows.forEach((row, at) => {
			const saved = this.savedRowOf(row);
			if (saved !== -1) {
				savedRows.push(saved);
				savedAt.push(at);
			} else {
				const from = row - this.savedCount;
				out.set(this.pending.subarray(from * dims, (from + 1) * dims), at * dims);
			}
		});
		const fill = (read: Int8Array) => {
			if (read.length !== savedRows.length * dims)
				throw new SavedRowsError(`The saved vectors gave ${read.length} bytes for ${savedRows.length} rows.`);
			savedAt.forEach((at, nth) => out.set(read.subarray(nth * dims, (nth + 1) * dims), at * dims));
			return out;
		};
		return { saved: Int32Array.from(savedRows), fill };
	}

	/** The saved row holding the vector of `row`, or -1 when its bytes are pending. */
	private savedRowOf(row: number): number {
		return row < this.savedCount ? row : this.pendingSaved[row - this.savedCount];
	}
}
