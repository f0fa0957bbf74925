import type { ModelCoverage } from "../../core/retrieval/ranking/vectorTrust";
import { SaveOvertakenError, type SavedVectors, type VectorsToSave } from "../../core/retrieval/service/indexStore";
import { SavedRowsError, type RowBlock, type StoredSnapshot } from "../../core/retrieval/vectors/vectorRows";
import { WordChecksum } from "../../core/retrieval/vectors/wordChecksum";
import { inTurn, isBytes, once, type IndexedDbRecords } from "./indexedDbRecords";

/**
 * The vectors' layout record: which model's, which generation of records holds them, and how many
 * of each kind. Its key names its format, so that a start never clones back a record of an
 * earlier one (which held every note's version in one record) only to refuse it.
 */
const LAYOUT = "meaning-1";
/** Every record of the vectors but the layout: `meaning-1/<generation>/<kind>/<number>`. */
const PREFIX = `${LAYOUT}/`;
/** The records of the vectors as earlier versions of the plugin kept them: removed by a save. */
const EARLIER = (): IDBKeyRange => IDBKeyRange.bound("vectors", "vectors\uffff");

/**
 * Bytes of rows a row record holds (40 rows at 384 dimensions): a query's 200 candidates are 200
 * small reads, not 200 pieces of a megabyte, and a save of 100,000 rows some 2,600 puts.
 */
const ROW_RECORD_BYTES = 16 * 1024;
/** Records of neighbouring rows read in one request (as a save copies the rows saved before): 256 KB. */
const RECORDS_PER_READ = 16;
/** Bytes of the snapshot's head a record holds: its clone is a short task even on a phone. */
const HEAD_PIECE_BYTES = 256 * 1024;
/** Notes' versions a record holds. */
const VERSIONS_PER_PIECE = 2000;
/** Generation numbers are drawn among these: a row record's checksum takes its generation as a u32. */
const GENERATIONS = 2 ** 32;
/** Requests under way at once in a transaction: the round trips overlap, the tasks stay short. */
const IN_FLIGHT = 8;

interface VectorsLayout {
	readonly modelId: string;
	readonly generation: number;
	readonly rowsPerRecord: number;
	readonly rowRecords: number;
	readonly headPieces: number;
	readonly versionPieces: number;
	readonly coverage: ModelCoverage;
}

/** Where a generation's rows are: in `rowRecords` records of `rowsPerRecord` rows (the last one fewer). */
type RowRecords = Pick<VectorsLayout, "generation" | "rowsPerRecord" | "rowRecords">;

/**
 * The vectors of search by meaning in IndexedDB (the `VectorStore` of `IndexedDbIndexStore`): the
 * snapshot's head and the notes' versions in records of a few hundred kilobytes, read at start;
 * its rows block in records of a few rows, each with its own checksum, read only for a query's
 * candidates (a few hundred small reads in one transaction) and when the next snapshot copies them.
 *
 * Each save writes a new generation of records, beside the one an index restored before still
 * reads, in a transaction per piece of rows as they are made (a query goes on reading the old rows
 * between two), then the head, the versions and the layout naming the new generation in one last
 * transaction: the save is seen whole or not at all, and one cut short leaves the generation
 * saved before. A generation is removed by the save after it is let go (`StoredSnapshot.release`),
 * and a save's records that never became current by the next save.
 */
export class IndexedDbVectors {
	/** The generations an index reads rows of, with how many readers each: never removed under them. */
	private readonly reading = new Map<number, number>();
	/** Saves one at a time: each one's generation is chosen knowing the one before. */
	private saving: Promise<unknown> = Promise.resolve();

	constructor(private readonly records: IndexedDbRecords) {}

	/** What was saved for `modelId`, read in one transaction (a save is seen whole or not at all). */
	async load(modelId: string): Promise<SavedVectors | null> {
		// Not read yet; then the layout, or `null` for none, another model's or a damaged one.
		let layout: VectorsLayout | null | undefined;
		const head: Uint8Array[] = [];
		const versions = new Map<string, string>();
		let damaged = false;
		let [headAsked, versionsAsked] = [0, 0];
		await this.records.stream(
			"readonly",
			inTurn(
				once((records) => records.get(LAYOUT)),
				(records) => {
					// Nothing more once the layout is refused, or a piece did not fit.
					if (layout == null || damaged) return null;
					const { generation, headPieces, versionPieces } = layout;
					if (headAsked < headPieces) return records.get(keyOf(generation, "h", headAsked++));
					if (versionsAsked < versionPieces) return records.get(keyOf(generation, "v", versionsAsked++));
					return null;
				},
			),
			(result) => {
				if (layout === undefined) {
					const read = layoutOf(result);
					layout = read?.modelId === modelId ? read : null;
				} else if (layout === null) return;
				else if (head.length < layout.headPieces) {
					if (isBytes(result)) head.push(result);
					else damaged = true;
				} else if (!addVersions(versions, result)) damaged = true;
			},
			IN_FLIGHT,
		);
		const found = layout;
		if (found == null || damaged || head.length !== found.headPieces) return null;
		const stored = this.opened(found, joined(head));
		return { ...stored, coverage: found.coverage, versions };
	}

	/** Saves a new generation (see the class), and removes those no index reads any more. */
	save(modelId: string, saving: VectorsToSave): Promise<StoredSnapshot> {
		const saved = this.saving.then(() => this.saveNow(modelId, saving));
		this.saving = saved.catch(() => undefined);
		return saved;
	}

	private async saveNow(modelId: string, saving: VectorsToSave): Promise<StoredSnapshot> {
		const { current, generation } = await this.cleared();
		const rowsPerRecord = Math.max(1, Math.floor(ROW_RECORD_BYTES / saving.dims));
		const packer = new RowPacker(generation, rowsPerRecord * saving.dims);
		try {
			const head = await saving.write((piece) => this.put(packer.add(piece)));
			const rest = packer.rest();
			const heads = pieces(head, HEAD_PIECE_BYTES).map((piece, at) => [keyOf(generation, "h", at), piece] as const);
			const versions = pieces(saving.versions, VERSIONS_PER_PIECE).map(
				(piece, at) => [keyOf(generation, "v", at), piece] as const,
			);
			const layout: VectorsLayout = {
				modelId,
				generation,
				rowsPerRecord,
				rowRecords: packer.records,
				headPieces: heads.length,
				versionPieces: versions.length,
				coverage: saving.coverage,
			};
			// The layout last, in the same transaction: the new generation is current once it is all there.
			await this.commit([...rest, ...heads, ...versions, [LAYOUT, layout]], current, saving.stillWanted);
			return this.opened(layout, head);
		} catch (error) {
			// Its records are removed now, or by the next save if this fails too.
			const remove = once((records) => records.delete(generationRange(generation)));
			void this.records.stream("readwrite", remove).catch(() => undefined);
			throw error;
		}
	}

	/**
	 * Removes the records of every generation but the current one and those an index reads (and
	 * those of earlier versions of the plugin), in one transaction; the current generation, and
	 * the one the save writes: a number drawn at random, so that a save of another window's plugin
	 * at the same time (a plugin reloaded while its last save runs) never writes under the same keys.
	 */
	private async cleared(): Promise<{ readonly current: number | null; readonly generation: number }> {
		let ranges: IDBKeyRange[] | null = null;
		let kept: number[] = [];
		let current: number | null = null;
		await this.records.stream(
			"readwrite",
			inTurn(
				once((records) => records.get(LAYOUT)),
				(records) => {
					const range = ranges?.shift();
					return range === undefined ? null : records.delete(range);
				},
			),
			(result) => {
				if (ranges !== null) return;
				current = layoutOf(result)?.generation ?? null;
				kept = [...new Set([...(current === null ? [] : [current]), ...this.reading.keys()])];
				kept.sort((a, b) => a - b);
				ranges = [EARLIER(), ...unkeptRanges(kept)];
			},
		);
		let generation: number;
		do generation = Math.floor(Math.random() * GENERATIONS);
		while (kept.includes(generation));
		return { current, generation };
	}

	/**
	 * Puts `entries` in one transaction, if the generation current is still `current` (no other
	 * save came first) and the save is still wanted; else rejects with `SaveOvertakenError`,
	 * having put nothing.
	 */
	private async commit(
		entries: readonly (readonly [string, unknown])[],
		current: number | null,
		stillWanted: () => boolean,
	): Promise<void> {
		let [at, checked] = [0, false];
		await this.records.stream(
			"readwrite",
			inTurn(
				once((records) => records.get(LAYOUT)),
				(records) => (at < entries.length ? records.put(entries[at][1], entries[at++][0]) : null),
			),
			(result) => {
				if (checked) return;
				checked = true;
				// Thrown here, the transaction is aborted: the puts made meanwhile are undone with it.
				if ((layoutOf(result)?.generation ?? null) !== current)
					throw new SaveOvertakenError("Another save of the vectors came first.");
				if (!stillWanted()) throw new SaveOvertakenError("A note was dropped while the vectors were saved.");
			},
			IN_FLIGHT,
		);
	}

	/** Puts `entries` in one transaction. */
	private async put(entries: readonly (readonly [string, unknown])[]): Promise<void> {
		if (entries.length === 0) return;
		let at = 0;
		await this.records.stream(
			"readwrite",
			(records) => (at < entries.length ? records.put(entries[at][1], entries[at++][0]) : null),
			undefined,
			IN_FLIGHT,
		);
	}

	/** The stored snapshot of the layout's generation, its rows read from its records. */
	private opened(layout: RowRecords, head: Uint8Array): StoredSnapshot {
		const { generation } = layout;
		this.reading.set(generation, (this.reading.get(generation) ?? 0) + 1);
		let released = false;
		return {
			bytes: head,
			rowsFrom: (block) => ({ read: (rows) => this.readRows(layout, block, rows) }),
			release: () => {
				if (released) return;
				released = true;
				const readers = (this.reading.get(generation) ?? 1) - 1;
				if (readers > 0) this.reading.set(generation, readers);
				else this.reading.delete(generation);
			},
		};
	}

	/**
	 * The rows `rows` of the generation's block, each record read once, in one transaction. Rejects
	 * with `SavedRowsError` when one is missing, or does not match its checksum: never a wrong vector.
	 */
	private async readRows(layout: RowRecords, block: RowBlock, rows: Int32Array): Promise<Int8Array> {
		const { generation, rowsPerRecord: perRecord, rowRecords } = layout;
		const { rowBytes, rowCount } = block;
		if (Math.ceil(rowCount / perRecord) !== rowRecords)
			throw new SavedRowsError(`The saved vectors' ${rowRecords} records do not hold their ${rowCount} rows.`);
		for (const row of rows)
			if (row < 0 || row >= rowCount) throw new SavedRowsError(`Row ${row} is not among the ${rowCount} saved.`);
		const wanted = [...new Set(Array.from(rows, (row) => Math.floor(row / perRecord)))].sort((a, b) => a - b);
		const runs = runsOf(wanted, RECORDS_PER_READ);
		const read = new Map<number, Uint8Array>();
		const keyOfRecord = (record: number) => keyOf(generation, "r", record);
		let [asked, taken] = [0, 0];
		await this.records.stream(
			"readonly",
			(records) => {
				if (asked === runs.length) return null;
				const [first, last] = runs[asked++];
				if (first === last) return records.get(keyOfRecord(first));
				return records.getAll(IDBKeyRange.bound(keyOfRecord(first), keyOfRecord(last)));
			},
			(result) => {
				const [first, last] = runs[taken++];
				const got: unknown[] = first === last ? [result] : Array.isArray(result) ? result : [];
				if (got.length !== last - first + 1)
					throw new SavedRowsError(`The saved vectors' records from ${first} are missing or damaged.`);
				got.forEach((bytes, at) => {
					const record = first + at;
					const length = Math.min(perRecord, rowCount - record * perRecord) * rowBytes;
					if (!isBytes(bytes) || bytes.byteLength !== length + 4 || !checked(generation, record, bytes))
						throw new SavedRowsError(`The saved vectors' record ${record} is missing or damaged.`);
					read.set(record, bytes);
				});
			},
			IN_FLIGHT,
		);
		const out = new Int8Array(rows.length * rowBytes);
		rows.forEach((row, at) => {
			const record = read.get(Math.floor(row / perRecord)) as Uint8Array;
			const from = (row % perRecord) * rowBytes;
			out.set(new Int8Array(record.buffer, record.byteOffset + from, rowBytes), at * rowBytes);
		});
		return out;
	}
}

/** Rows in records of `recordBytes` (the last one shorter), each record followed by its checksum. */
class RowPacker {
	/** Records sealed so far. */
	records = 0;
	private readonly buffer: Uint8Array;
	private filled = 0;

	constructor(
		private readonly generation: number,
		private readonly recordBytes: number,
	) {
		this.buffer = new Uint8Array(recordBytes);
	}

	/** The records `piece` (the next rows of the block) fills, as entries to put. */
	add(piece: Int8Array): [string, Uint8Array][] {
		const bytes = new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength);
		const sealed: [string, Uint8Array][] = [];
		for (let at = 0; at < bytes.length;) {
			const take = Math.min(this.recordBytes - this.filled, bytes.length - at);
			this.buffer.set(bytes.subarray(at, at + take), this.filled);
			[this.filled, at] = [this.filled + take, at + take];
			if (this.filled === this.recordBytes) sealed.push(this.sealed());
		}
		return sealed;
	}

	/** The last record, shorter than the others, if any. */
	rest(): [string, Uint8Array][] {
		return this.filled === 0 ? [] : [this.sealed()];
	}

	private sealed(): [string, Uint8Array] {
		const length = this.filled;
		// Its own buffer: a view would be cloned with the whole of the buffer under it.
		const record = new Uint8Array(length + 4);
		record.set(this.buffer.subarray(0, length));
		const checksum = checksumOf(this.generation, this.records, record.subarray(0, length));
		new DataView(record.buffer).setUint32(length, checksum, true);
		this.filled = 0;
		return [keyOf(this.generation, "r", this.records++), record];
	}
}

/** A row record's checksum: its generation and number, then its rows, so a record in another's place fails it too. */
function checksumOf(generation: number, record: number, rows: Uint8Array): number {
	return new WordChecksum().addWords(Uint32Array.of(generation, record)).add(rows).value;
}

/** Whether a row record read back (rows, then their checksum) matches its checksum. */
function checked(generation: number, record: number, bytes: Uint8Array): boolean {
	const length = bytes.byteLength - 4;
	const stored = new DataView(bytes.buffer, bytes.byteOffset + length, 4).getUint32(0, true);
	return checksumOf(generation, record, bytes.subarray(0, length)) === stored;
}

/** A record's key; numbers of the same width, so that records sort as their rows do and a range of them is read at once. */
function keyOf(generation: number, kind: "h" | "r" | "v", number: number): string {
	return `${generationPrefix(generation)}${kind}/${String(number).padStart(10, "0")}`;
}

/** Sorted record numbers as runs of neighbours, `[first, last]`, each of at most `longest`. */
function runsOf(sorted: readonly number[], longest: number): [number, number][] {
	const runs: [number, number][] = [];
	for (const record of sorted) {
		const run = runs[runs.length - 1];
		if (run !== undefined && run[1] === record - 1 && record - run[0] < longest) run[1] = record;
		else runs.push([record, record]);
	}
	return runs;
}

/** Numbers of the same width, so that generations sort as their keys do. */
function generationPrefix(generation: number): string {
	return `${PREFIX}${String(generation).padStart(10, "0")}/`;
}

function generationRange(generation: number): IDBKeyRange {
	const prefix = generationPrefix(generation);
	return IDBKeyRange.bound(prefix, `${prefix}\uffff`);
}

/** The key ranges of every generation's records but those of `kept` (in order). */
function unkeptRanges(kept: readonly number[]): IDBKeyRange[] {
	const ranges: IDBKeyRange[] = [];
	let [lower, lowerOpen] = [PREFIX, false];
	for (const generation of kept) {
		const prefix = generationPrefix(generation);
		ranges.push(IDBKeyRange.bound(lower, prefix, lowerOpen, true));
		[lower, lowerOpen] = [`${prefix}\uffff`, true];
	}
	ranges.push(IDBKeyRange.bound(lower, `${PREFIX}\uffff`, lowerOpen, false));
	return ranges;
}

/** `whole` in pieces of `size` (copies: each is cloned on its own). */
function pieces<T extends { readonly length: number; slice(start: number, end: number): T }>(
	whole: T,
	size: number,
): T[] {
	const cut: T[] = [];
	for (let at = 0; at < whole.length; at += size) cut.push(whole.slice(at, at + size));
	return cut;
}

/** The layout as read back, or `null` for none, or a record of another shape (damaged): nothing is restored. */
function layoutOf(record: unknown): VectorsLayout | null {
	if (typeof record !== "object" || record === null) return null;
	const fields = record as Partial<Record<keyof VectorsLayout, unknown>>;
	const counts = [fields.generation, fields.rowsPerRecord, fields.rowRecords, fields.headPieces, fields.versionPieces];
	const fits =
		typeof fields.modelId === "string" &&
		counts.every((count) => typeof count === "number" && Number.isSafeInteger(count) && count >= 0) &&
		(fields.rowsPerRecord as number) > 0 &&
		typeof (fields.coverage as Partial<ModelCoverage> | null)?.readsCjk === "boolean";
	return fits ? (record as VectorsLayout) : null;
}

/** Adds a piece of versions read back to `versions`; `false` for a piece of another shape (damaged). */
function addVersions(versions: Map<string, string>, piece: unknown): boolean {
	if (!Array.isArray(piece)) return false;
	for (const pair of piece as unknown[]) {
		if (!Array.isArray(pair) || pair.length !== 2) return false;
		const [path, version] = pair as unknown[];
		if (typeof path !== "string" || typeof version !== "string") return false;
		versions.set(path, version);
	}
	return true;
}

function joined(pieces: readonly Uint8Array[]): Uint8Array {
	const bytes = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.byteLength, 0));
	let at = 0;
	for (const piece of pieces) {
		bytes.set(piece, at);
		at += piece.byteLength;
	}
	return bytes;
}
