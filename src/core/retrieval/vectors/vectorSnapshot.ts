import { runToEnd } from "../indexing/steps";
import { EMBEDDING_TEXT_FORMAT } from "./embeddingKey";
import { copyLiveRows, type LiveNotes, type RowTarget } from "./liveRows";
import { SignCodes } from "./signCodes";
import { VectorIndex } from "./vectorIndex";
import { rowsInMemory, type RowBlock, type VectorRowSource } from "./vectorRows";

/**
 * The vector index as bytes, kept on the device beside the keyword snapshot (IndexedDB in
 * Obsidian, the headless index cache on disk) and restored at start without a call to the
 * embedding server. One `Uint8Array`, little-endian, every part aligned to 4 bytes:
 *
 *   header    9 × u32: magic, layout version, embedding text format, dims, rows, notes,
 *             model id bytes, path bytes, checksum of everything after the header
 *   model id  UTF-8
 *   paths     notes × u32 byte lengths, then the paths in UTF-8
 *   notes     (notes + 1) × i32: where each note's rows start, then the row count
 *   keys      rows × 2 × u32: each chunk's key, high half first (0:0 for a chunk without a vector)
 *   heads     rows × 3 × u32, then tails: each chunk's sign code as `SignCodes` keeps it (taken
 *   tails     back as they are: a start makes none of the codes anew)
 *   vectors   rows × dims × i8: each chunk's int8 vector
 *
 * Only the notes the index holds now are written: a dropped note's vectors, and those of chunk
 * texts no note has any more, are left out. The int8 vectors come last, in one block, row after
 * row: a restored index keeps everything before them in memory, and reads a query's candidates
 * from the block where it was saved (`DecodeOptions.rowsFrom`).
 */

/** Bumped whenever the layout above changes: a snapshot of another layout restores nothing. */
export const VECTOR_SNAPSHOT_VERSION = 1;
/** "AWVX" read as a little-endian u32: a snapshot of this kind, written on a little-endian host. */
const MAGIC = 0x58565741;
const HEADER_WORDS = 9;
const HEADER_BYTES = HEADER_WORDS * 4;

/** Why a snapshot restored nothing. */
export type SnapshotRefusal =
	/** Shorter than its header says: a write cut short. */
	| "truncated"
	/** Not a vector snapshot at all. */
	| "not-a-snapshot"
	/** Written by another version of the plugin, or for another way of making a chunk's text. */
	| "other-version"
	/** Of another embedding model: its vectors must not be ranked with this model's. */
	| "other-model"
	/** Of another dimension than the model's vectors now have. */
	| "other-dimensions"
	/** Its bytes do not match their checksum, or its parts do not fit together. */
	| "damaged";

export type DecodedSnapshot =
	| { readonly index: VectorIndex; readonly refusal: null }
	| { readonly index: null; readonly refusal: SnapshotRefusal; readonly detail: string };

/** What the host expects the snapshot to hold: its model, and the dimension when known. */
export interface SnapshotExpectation {
	readonly modelId: string;
	readonly dims?: number;
}

/** Where a restored index reads its int8 vectors. */
export interface DecodeOptions {
	/**
	 * A reader of the snapshot's rows block where the host saved it (the rows are then not kept in
	 * memory: the index copies what it keeps out of the bytes, which the host may let go). Without
	 * one, the index reads its vectors in the snapshot's bytes, which stay in memory with it.
	 */
	readonly rowsFrom?: (block: RowBlock) => VectorRowSource;
}

/** Paths decoded between two yields. */
const PATHS_PER_STEP = 4096;
/** Words the checksum reads between two yields: 4 MB, a few milliseconds on a phone. */
const WORDS_PER_STEP = 1 << 20;

/**
 * The snapshot of the index as it is now: changes the host makes while the saved vectors are read
 * are left for the next snapshot. `pause`, when given, is awaited between two steps of bounded
 * work (a host that gives the main thread back between time slices). Rejects when the saved
 * vectors cannot be read.
 */
export async function encodeVectorSnapshot(
	index: VectorIndex,
	pause: () => Promise<void> = () => Promise.resolve(),
): Promise<Uint8Array> {
	const live = index.liveNotes();
	const steps = encodingSteps(index, live);
	for (let step = steps.next(); ;) {
		if (step.done === true) return step.value;
		const rows = step.value;
		step = steps.next(rows === null ? undefined : await live.vectors.read(rows));
		await pause();
	}
}

/**
 * `encodeVectorSnapshot` at once, for a host whose saved vectors are read at once (in memory, or
 * a file on the command line) and that must save before it exits. Throws for vectors read only
 * after a wait.
 */
export function encodeVectorSnapshotNow(index: VectorIndex): Uint8Array {
	const live = index.liveNotes();
	const steps = encodingSteps(index, live);
	for (let step = steps.next(); ;) {
		if (step.done === true) return step.value;
		const rows = step.value;
		step = steps.next(rows === null ? undefined : live.vectors.readNow(rows));
	}
}

/**
 * The snapshot's making in steps: each yields the rows whose int8 vectors it needs next (and
 * expects them back), or `null` between two steps of the checksum.
 */
function* encodingSteps(
	index: VectorIndex,
	live: LiveNotes,
): Generator<Int32Array | null, Uint8Array, Int8Array | undefined> {
	const encoder = new TextEncoder();
	const model = encoder.encode(index.modelId);
	const pathBytes = live.paths.map((path) => encoder.encode(path));
	const pathsLength = pathBytes.reduce((sum, bytes) => sum + bytes.length, 0);
	const notes = live.paths.length;
	const layout = layoutOf(index.dims, live.rowCount, notes, model.length, pathsLength);
	const bytes = new Uint8Array(layout.total);
	const buffer = bytes.buffer;
	bytes.set(model, layout.model);
	const lengths = new Uint32Array(buffer, layout.pathLengths, notes);
	let at = layout.pathBytes;
	pathBytes.forEach((path, note) => {
		lengths[note] = path.length;
		bytes.set(path, at);
		at += path.length;
	});
	const copy = copyLiveRows(live, viewsOf(bytes, layout, live.rowCount, notes, index.dims));
	for (let step = copy.next(); step.done !== true;) step = copy.next((yield step.value) as Int8Array);
	const words = new Uint32Array(buffer);
	words.set([MAGIC, VECTOR_SNAPSHOT_VERSION, EMBEDDING_TEXT_FORMAT, index.dims, live.rowCount, notes]);
	words.set([model.length, pathsLength], 6);
	const checksum = checksumSteps(words);
	for (let step = checksum.next(); ; step = checksum.next()) {
		if (step.done === true) {
			words[8] = step.value;
			return bytes;
		}
		yield null;
	}
}

/**
 * The index a snapshot holds, or why it holds none for this model: fails closed, so a snapshot cut
 * short, damaged, of another layout or another model restores nothing (the host embeds anew). The
 * index keeps its vectors in the snapshot's own buffer, copying nothing: the bytes must not be
 * changed afterwards.
 */
export function decodeVectorSnapshot(
	bytes: Uint8Array,
	expected: SnapshotExpectation,
	options: DecodeOptions = {},
): DecodedSnapshot {
	return runToEnd(decodeVectorSnapshotSteps(bytes, expected, options));
}

/** `decodeVectorSnapshot` in steps of bounded work, for a caller that spreads it over time slices. */
export function* decodeVectorSnapshotSteps(
	bytes: Uint8Array,
	expected: SnapshotExpectation,
	options: DecodeOptions = {},
): Generator<void, DecodedSnapshot> {
	if (bytes.byteLength < HEADER_BYTES) return refused("truncated", `${bytes.byteLength} bytes, fewer than a header`);
	// A copy that owns its buffer when the bytes are not aligned for the word views (a view into a
	// larger buffer). Made by the constructor: a Node `Buffer`'s `slice` is a view, not a copy.
	const own = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
	const header = new Uint32Array(own.buffer, own.byteOffset, HEADER_WORDS);
	const [magic, version, textFormat, dims, rowCount, noteCount, modelLength, pathsLength] = header;
	if (magic !== MAGIC) return refused("not-a-snapshot", "no vector snapshot mark at its start");
	if (version !== VECTOR_SNAPSHOT_VERSION || textFormat !== EMBEDDING_TEXT_FORMAT)
		return refused("other-version", `layout ${version}, text format ${textFormat}`);
	if (dims < 1 || (expected.dims !== undefined && dims !== expected.dims))
		return refused("other-dimensions", `${dims} dimensions, not ${expected.dims ?? "at least 1"}`);
	const layout = layoutOf(dims, rowCount, noteCount, modelLength, pathsLength);
	if (own.byteLength < layout.total) return refused("truncated", `${own.byteLength} of ${layout.total} bytes`);
	if (own.byteLength > layout.total) return refused("damaged", `${own.byteLength - layout.total} bytes past its end`);
	const decoder = new TextDecoder();
	const modelId = decoder.decode(own.subarray(layout.model, layout.model + modelLength));
	// Before the checksum, which reads every byte: another model's snapshot is refused at once.
	if (modelId !== expected.modelId) return refused("other-model", `made by ${modelId}`);
	const words = new Uint32Array(own.buffer, own.byteOffset, layout.total / 4);
	if ((yield* checksumSteps(words)) !== header[8]) return refused("damaged", "its bytes do not match their checksum");
	const paths = yield* pathsOf(own, layout, noteCount, decoder);
	const views = viewsOf(own, layout, rowCount, noteCount, dims);
	const { noteStarts } = views;
	if (paths === null || noteStarts[0] !== 0 || noteStarts[noteCount] !== rowCount)
		return refused("damaged", "its notes and rows do not fit together");
	for (let note = 0; note < noteCount; note++)
		if (noteStarts[note + 1] < noteStarts[note]) return refused("damaged", "its notes' rows are out of order");
	const { rowsFrom } = options;
	const block = { offset: layout.vectors, rowBytes: dims, rowCount };
	// With the vectors read elsewhere, what the index keeps is copied out: the bytes need not stay.
	const rows =
		rowsFrom === undefined
			? { ...views, vectors: rowsInMemory(views.int8, dims) }
			: {
					keys: views.keys.slice(),
					heads: views.heads.slice(),
					tails: views.tails.slice(),
					noteStarts: views.noteStarts.slice(),
					vectors: rowsFrom(block),
				};
	const index = yield* VectorIndex.fromRowsSteps(modelId, dims, { ...rows, rowCount, paths });
	return { index, refusal: null };
}

/** The paths, each once, or `null` when their lengths overrun their part or a path repeats. */
function* pathsOf(
	bytes: Uint8Array,
	layout: Layout,
	noteCount: number,
	decoder: TextDecoder,
): Generator<void, string[] | null> {
	const lengths = new Uint32Array(bytes.buffer, bytes.byteOffset + layout.pathLengths, noteCount);
	const paths: string[] = [];
	let at = layout.pathBytes;
	for (const length of lengths) {
		if (at + length > layout.noteStarts) return null;
		paths.push(decoder.decode(bytes.subarray(at, at + length)));
		at += length;
		if (paths.length % PATHS_PER_STEP === 0) yield;
	}
	return new Set(paths).size === noteCount ? paths : null;
}

/** The snapshot's row arrays, as views into its buffer, the snapshot starting at `base` in it. */
function viewsOf(bytes: Uint8Array, layout: Layout, rows: number, notes: number, dims: number): RowTarget {
	const [buffer, base] = [bytes.buffer, bytes.byteOffset];
	const codes = new SignCodes(dims);
	return {
		noteStarts: new Int32Array(buffer, base + layout.noteStarts, notes + 1),
		keys: new Uint32Array(buffer, base + layout.keys, rows * 2),
		heads: new Uint32Array(buffer, base + layout.heads, rows * codes.headWords),
		tails: new Uint32Array(buffer, base + layout.tails, rows * codes.tailWords),
		int8: new Int8Array(buffer, base + layout.vectors, rows * dims),
	};
}

interface Layout {
	readonly model: number;
	readonly pathLengths: number;
	readonly pathBytes: number;
	readonly noteStarts: number;
	readonly keys: number;
	readonly heads: number;
	readonly tails: number;
	readonly vectors: number;
	readonly total: number;
}

/** Where each part starts, in bytes, and the whole length (every part starts on 4 bytes). */
function layoutOf(dims: number, rows: number, notes: number, modelLength: number, pathsLength: number): Layout {
	const model = HEADER_BYTES;
	const pathLengths = model + aligned(modelLength);
	const pathBytes = pathLengths + notes * 4;
	const noteStarts = pathBytes + aligned(pathsLength);
	const keys = noteStarts + (notes + 1) * 4;
	const codes = new SignCodes(dims);
	const heads = keys + rows * 8;
	const tails = heads + rows * codes.headWords * 4;
	const vectors = tails + rows * codes.tailWords * 4;
	return {
		model,
		pathLengths,
		pathBytes,
		noteStarts,
		keys,
		heads,
		tails,
		vectors,
		total: vectors + aligned(rows * dims),
	};
}

function aligned(length: number): number {
	return Math.ceil(length / 4) * 4;
}

/** FNV-1a over the words after the header: a cut, a flipped bit, a block of zeros all change it. */
function* checksumSteps(words: Uint32Array): Generator<void, number> {
	let hash = 0x811c9dc5;
	for (let start = HEADER_WORDS; start < words.length; start += WORDS_PER_STEP) {
		const end = Math.min(words.length, start + WORDS_PER_STEP);
		for (let at = start; at < end; at++) hash = Math.imul(hash ^ words[at], 0x01000193);
		yield;
	}
	return hash >>> 0;
}

function refused(refusal: SnapshotRefusal, detail: string): DecodedSnapshot {
	return { index: null, refusal, detail };
}
