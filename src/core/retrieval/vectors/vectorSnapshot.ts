import { runToEnd } from "../indexing/steps";
import { EMBEDDING_TEXT_FORMAT } from "./embeddingKey";
import { copyLiveRows, type LiveNotes, type RowTarget } from "./liveRows";
import { SignCodes } from "./signCodes";
import { WordChecksum } from "./wordChecksum";
import { VectorIndex } from "./vectorIndex";
import { rowsInMemory, type RowBlock, type VectorRowSource } from "./vectorRows";

/**
 * The vector index as bytes, kept on the device beside the keyword snapshot (IndexedDB in
 * Obsidian, the headless index cache on disk) and restored at start without a call to the
 * embedding server. One `Uint8Array`, little-endian, every part aligned to 4 bytes:
 *
 *   header    10 × u32: magic, layout version, embedding text format, dims, rows, notes,
 *             model id bytes, path bytes, checksum of the head (what follows the header up to
 *             the vectors), checksum of the vectors
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
 * row: a restored index keeps everything before them (the head) in memory, and reads a query's
 * candidates from the block where it was saved (`DecodeOptions.rowsFrom`). The two checksums let
 * a host that stores the rows apart (IndexedDB, in small records of their own) restore from the
 * head alone: the rows are then the host's to check as it reads them.
 */

/** Bumped whenever the layout above changes: a snapshot of another layout restores nothing. */
export const VECTOR_SNAPSHOT_VERSION = 2;
/**
 * The layout before the head and the vectors had checksums of their own: a header of 9 words, its
 * last one the checksum of everything after it. Still restored, whole (never from its head alone).
 */
const ONE_CHECKSUM_VERSION = 1;
/** "AWVX" read as a little-endian u32: a snapshot of this kind, written on a little-endian host. */
const MAGIC = 0x58565741;
const HEADER_WORDS = 10;
const ONE_CHECKSUM_HEADER_WORDS = 9;

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
	 * one, the index reads its vectors in the snapshot's bytes, which stay in memory with it. With
	 * one, the bytes may stop where the rows start (`encodeVectorSnapshotParts`' head).
	 */
	readonly rowsFrom?: (block: RowBlock) => VectorRowSource;
}

/** Paths encoded or decoded between two yields: a few milliseconds on a phone. */
const PATHS_PER_STEP = 1024;
/** Words the checksum reads between two yields: 4 MB, a few milliseconds on a phone. */
const WORDS_PER_STEP = 1 << 20;

/**
 * The snapshot of the index as it is now, in parts as they are made, for a host that stores them
 * as they come (nothing the size of the whole is allocated): each piece of the rows block, row
 * after row from the first, is handed to `rows` (and awaited), then the head is returned: the
 * snapshot's bytes up to the rows block, its header naming them. Changes the host makes while the
 * saved vectors are read are left for the next snapshot. `pause`, when given, is awaited between
 * two steps of bounded work (a host that gives the main thread back between time slices). Rejects
 * when the saved vectors cannot be read, or with what `rows` rejects with.
 */
export async function encodeVectorSnapshotParts(
	index: VectorIndex,
	rows: (piece: Int8Array) => Promise<void> | void,
	pause: () => Promise<void> = () => Promise.resolve(),
): Promise<Uint8Array> {
	const live = index.liveNotes();
	const steps = encodingSteps(index, live);
	for (let step = steps.next(); ;) {
		if (step.done === true) return step.value;
		const wanted = step.value;
		const read = wanted === null ? undefined : await live.vectors.read(wanted);
		step = steps.next(read);
		if (read !== undefined) await rows(read);
		await pause();
	}
}

/** The snapshot of the index as it is now, in one array (`encodeVectorSnapshotParts`, joined). */
export async function encodeVectorSnapshot(
	index: VectorIndex,
	pause: () => Promise<void> = () => Promise.resolve(),
): Promise<Uint8Array> {
	const pieces: Int8Array[] = [];
	return joined(await encodeVectorSnapshotParts(index, (piece) => void pieces.push(piece), pause), pieces);
}

/**
 * `encodeVectorSnapshot` at once, for a host whose saved vectors are read at once (in memory, or
 * a file on the command line) and that must save before it exits. Throws for vectors read only
 * after a wait.
 */
export function encodeVectorSnapshotNow(index: VectorIndex): Uint8Array {
	const live = index.liveNotes();
	const steps = encodingSteps(index, live);
	const pieces: Int8Array[] = [];
	for (let step = steps.next(); ;) {
		if (step.done === true) return joined(step.value, pieces);
		const wanted = step.value;
		const read = wanted === null ? undefined : live.vectors.readNow(wanted);
		if (read !== undefined) pieces.push(read);
		step = steps.next(read);
	}
}

/** The head and the rows block's pieces in one snapshot, the block's last word padded with zeros. */
function joined(head: Uint8Array, pieces: readonly Int8Array[]): Uint8Array {
	const rowBytes = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
	const bytes = new Uint8Array(head.byteLength + aligned(rowBytes));
	bytes.set(head);
	let at = head.byteLength;
	for (const piece of pieces) {
		bytes.set(new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength), at);
		at += piece.byteLength;
	}
	return bytes;
}

/**
 * The snapshot's making in steps: each yields the rows whose int8 vectors it needs next (and
 * expects them back: they are the rows block's next piece, which it checksums), or `null` between
 * two steps of the head's checksum; returns the head.
 */
function* encodingSteps(
	index: VectorIndex,
	live: LiveNotes,
): Generator<Int32Array | null, Uint8Array, Int8Array | undefined> {
	const encoder = new TextEncoder();
	const model = encoder.encode(index.modelId);
	const pathBytes: Uint8Array[] = [];
	for (const path of live.paths) {
		pathBytes.push(encoder.encode(path));
		if (pathBytes.length % PATHS_PER_STEP === 0) yield null;
	}
	const pathsLength = pathBytes.reduce((sum, bytes) => sum + bytes.length, 0);
	const notes = live.paths.length;
	const layout = layoutOf(HEADER_WORDS, index.dims, live.rowCount, notes, model.length, pathsLength);
	const head = new Uint8Array(layout.vectors);
	head.set(model, layout.model);
	const lengths = new Uint32Array(head.buffer, layout.pathLengths, notes);
	let at = layout.pathBytes;
	pathBytes.forEach((path, note) => {
		lengths[note] = path.length;
		head.set(path, at);
		at += path.length;
	});
	const rows = new WordChecksum();
	const copy = copyLiveRows(live, viewsOf(head, layout, live.rowCount, notes, index.dims));
	for (let step = copy.next(); step.done !== true; step = copy.next()) {
		const read = (yield step.value) as Int8Array;
		rows.add(new Uint8Array(read.buffer, read.byteOffset, read.byteLength));
	}
	const words = new Uint32Array(head.buffer);
	words.set([MAGIC, VECTOR_SNAPSHOT_VERSION, EMBEDDING_TEXT_FORMAT, index.dims, live.rowCount, notes]);
	words.set([model.length, pathsLength], 6);
	words[9] = rows.value;
	const checksum = checksumSteps(words, HEADER_WORDS, words.length);
	for (let step = checksum.next(); ; step = checksum.next()) {
		if (step.done === true) {
			words[8] = step.value;
			return head;
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
	if (bytes.byteLength < ONE_CHECKSUM_HEADER_WORDS * 4)
		return refused("truncated", `${bytes.byteLength} bytes, fewer than a header`);
	// A copy that owns its buffer when the bytes are not aligned for the word views (a view into a
	// larger buffer). Made by the constructor: a Node `Buffer`'s `slice` is a view, not a copy.
	const own = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
	const [magic, version] = new Uint32Array(own.buffer, own.byteOffset, 2);
	if (magic !== MAGIC) return refused("not-a-snapshot", "no vector snapshot mark at its start");
	const oneChecksum = version === ONE_CHECKSUM_VERSION;
	const headerWords = oneChecksum ? ONE_CHECKSUM_HEADER_WORDS : HEADER_WORDS;
	if (own.byteLength < headerWords * 4) return refused("truncated", `${own.byteLength} bytes, fewer than a header`);
	const header = new Uint32Array(own.buffer, own.byteOffset, headerWords);
	const [, , textFormat, dims, rowCount, noteCount, modelLength, pathsLength] = header;
	if ((version !== VECTOR_SNAPSHOT_VERSION && !oneChecksum) || textFormat !== EMBEDDING_TEXT_FORMAT)
		return refused("other-version", `layout ${version}, text format ${textFormat}`);
	if (dims < 1 || (expected.dims !== undefined && dims !== expected.dims))
		return refused("other-dimensions", `${dims} dimensions, not ${expected.dims ?? "at least 1"}`);
	const layout = layoutOf(headerWords, dims, rowCount, noteCount, modelLength, pathsLength);
	const { rowsFrom } = options;
	// The head alone, for a host that reads the rows where it saved them and checks them as it does.
	const headOnly = rowsFrom !== undefined && !oneChecksum && own.byteLength === layout.vectors;
	if (own.byteLength < layout.total && !headOnly)
		return refused("truncated", `${own.byteLength} of ${layout.total} bytes`);
	if (own.byteLength > layout.total) return refused("damaged", `${own.byteLength - layout.total} bytes past its end`);
	const decoder = new TextDecoder();
	const modelId = decoder.decode(own.subarray(layout.model, layout.model + modelLength));
	// Before the checksums, which read every byte: another model's snapshot is refused at once.
	if (modelId !== expected.modelId) return refused("other-model", `made by ${modelId}`);
	const words = new Uint32Array(own.buffer, own.byteOffset, own.byteLength / 4);
	const headWords = oneChecksum ? words.length : layout.vectors / 4;
	if (
		(yield* checksumSteps(words, headerWords, headWords)) !== header[8] ||
		(!headOnly && !oneChecksum && (yield* checksumSteps(words, headWords, words.length)) !== header[9])
	)
		return refused("damaged", "its bytes do not match their checksum");
	const paths = yield* pathsOf(own, layout, noteCount, decoder);
	const views = viewsOf(own, layout, rowCount, noteCount, dims);
	const { noteStarts } = views;
	if (paths === null || noteStarts[0] !== 0 || noteStarts[noteCount] !== rowCount)
		return refused("damaged", "its notes and rows do not fit together");
	for (let note = 0; note < noteCount; note++)
		if (noteStarts[note + 1] < noteStarts[note]) return refused("damaged", "its notes' rows are out of order");
	const block = { offset: layout.vectors, rowBytes: dims, rowCount };
	// With the vectors read elsewhere, what the index keeps is copied out: the bytes need not stay.
	const rows =
		rowsFrom === undefined
			? {
					...views,
					vectors: rowsInMemory(new Int8Array(own.buffer, own.byteOffset + layout.vectors, rowCount * dims), dims),
				}
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

/** The snapshot's arrays of the head, as views into its buffer, the snapshot starting at `base` in it. */
function viewsOf(bytes: Uint8Array, layout: Layout, rows: number, notes: number, dims: number): RowTarget {
	const [buffer, base] = [bytes.buffer, bytes.byteOffset];
	const codes = new SignCodes(dims);
	return {
		noteStarts: new Int32Array(buffer, base + layout.noteStarts, notes + 1),
		keys: new Uint32Array(buffer, base + layout.keys, rows * 2),
		heads: new Uint32Array(buffer, base + layout.heads, rows * codes.headWords),
		tails: new Uint32Array(buffer, base + layout.tails, rows * codes.tailWords),
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
function layoutOf(
	headerWords: number,
	dims: number,
	rows: number,
	notes: number,
	modelLength: number,
	pathsLength: number,
): Layout {
	const model = headerWords * 4;
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

/** The checksum of `words` from `from` to `to` (`WordChecksum`), a few megabytes a step. */
function* checksumSteps(words: Uint32Array, from: number, to: number): Generator<void, number> {
	const checksum = new WordChecksum();
	for (let start = from; start < to; start += WORDS_PER_STEP) {
		checksum.addWords(words.subarray(start, Math.min(to, start + WORDS_PER_STEP)));
		yield;
	}
	return checksum.value;
}

function refused(refusal: SnapshotRefusal, detail: string): DecodedSnapshot {
	return { index: null, refusal, detail };
}
