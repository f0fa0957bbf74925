import { SNAPSHOT_VERSION, type IndexSnapshot } from "./indexSnapshot";
import { isUsableSnapshot } from "./snapshotShape";

/**
 * The largest piece a snapshot is cut into, in bytes. A store that clones each record on the
 * main thread (IndexedDB's structured clone) spends a task per record: one of this size takes a
 * few milliseconds on a phone, where the whole snapshot of a large vault takes hundreds.
 */
export const PIECE_BYTES = 256 * 1024;
/** Names the layout below: a store that finds another one treats it as no snapshot. */
export const PIECES_FORMAT = "pieces-1";

/** The typed arrays a snapshot is made of (see `NumericArray`). */
const ARRAY_TYPES = { Int32Array, Uint32Array, Uint16Array, Uint8Array, Float64Array } as const;
type ArrayType = keyof typeof ARRAY_TYPES;
type NumberArray = InstanceType<(typeof ARRAY_TYPES)[ArrayType]>;
type PartType = ArrayType | "String";

/** A piece: part of one typed array (a copy owning its buffer) or of one string. */
export type SnapshotPiece = NumberArray | string;

/** One large part of the snapshot, carried by the pieces that follow each other. */
interface PartLayout {
	readonly type: PartType;
	/** Elements or characters. */
	readonly length: number;
	readonly pieces: number;
}

/**
 * The record that describes a snapshot cut into pieces: the snapshot itself with each large part
 * (a typed array or a string of more than a sixteenth of a piece, anywhere in its plain objects)
 * left `null`, and the parts that go there, in the order the nulls come, each as its pieces.
 */
export interface SnapshotLayout {
	readonly format: typeof PIECES_FORMAT;
	readonly version: number;
	readonly rest: object;
	readonly parts: readonly PartLayout[];
}

/**
 * `snapshot` as a layout and pieces of at most `pieceBytes` each. The pieces are copied out only
 * as they are asked for, so that a store writing one at a time holds no second copy of the
 * snapshot and no step copies more than a piece. The snapshot is left as it is.
 */
export function splitSnapshot(
	snapshot: IndexSnapshot,
	pieceBytes = PIECE_BYTES,
): { readonly layout: SnapshotLayout; readonly pieces: Generator<SnapshotPiece, void> } {
	const parts: PartLayout[] = [];
	const values: SnapshotPiece[] = [];
	const skeleton = (value: object): object => {
		const copy: Record<string, unknown> = {};
		for (const [key, item] of Object.entries(value)) {
			const type = partTypeOf(item);
			const length = type === null ? 0 : (item as SnapshotPiece).length;
			if (type !== null && length * bytesOf(type) > pieceBytes / 16) {
				parts.push({ type, length, pieces: Math.ceil(length / perPiece(type, pieceBytes)) });
				values.push(item as SnapshotPiece);
				copy[key] = null;
			} else copy[key] = isPlainObject(item) ? skeleton(item) : item;
		}
		return copy;
	};
	const rest = skeleton(snapshot);
	return {
		layout: { format: PIECES_FORMAT, version: SNAPSHOT_VERSION, rest, parts },
		pieces: piecesOf(values, pieceBytes),
	};
}

function* piecesOf(values: readonly SnapshotPiece[], pieceBytes: number): Generator<SnapshotPiece, void> {
	for (const value of values) {
		const size = perPiece(partTypeOf(value) as PartType, pieceBytes);
		// `slice` copies: a view into the array would be cloned with its whole buffer.
		for (let start = 0; start < value.length; start += size) yield value.slice(start, start + size);
	}
}

/** Puts a snapshot back together, one piece at a time as a store reads them (see `startJoining`). */
export interface SnapshotJoiner {
	/** How many pieces the layout says follow it. */
	readonly pieces: number;
	/** Whether more pieces are expected. */
	readonly wantsMore: boolean;
	/** Takes the next piece, copied into its part at once; `false` (and the joiner is done for) when it does not fit. */
	add(piece: unknown): boolean;
	/** The snapshot, once every piece came and fit and the whole passes `isUsableSnapshot`; otherwise `null`. */
	finish(): IndexSnapshot | null;
}

/**
 * A joiner for the snapshot `layout` describes, or `null` when it is not a layout this version
 * wrote. Fails closed: a layout of another format or version, a piece of the wrong type or
 * length, one too many or too few, and the result is `null`, which a caller takes as no
 * snapshot at all (and builds the index anew).
 */
export function startJoining(layout: unknown): SnapshotJoiner | null {
	if (!isPlainObject(layout) || layout.format !== PIECES_FORMAT || layout.version !== SNAPSHOT_VERSION) return null;
	const { rest, parts } = layout;
	if (!isPlainObject(rest) || !Array.isArray(parts) || !parts.every(isPartLayout)) return null;
	const slots: [Record<string, unknown>, string][] = [];
	const findSlots = (value: Record<string, unknown>): void => {
		for (const [key, item] of Object.entries(value)) {
			if (item === null) slots.push([value, key]);
			else if (isPlainObject(item)) findSlots(item);
		}
	};
	findSlots(rest);
	if (slots.length !== parts.length) return null;
	let part = 0;
	let pieces = 0;
	let filled = 0;
	/** The size of the part's first piece: every other is at most as large, the last one smaller. */
	let first = 0;
	let array: NumberArray | null = null;
	let strings: string[] = [];
	let broken = false;
	const fail = (): boolean => {
		broken = true;
		return false;
	};
	const joiner: SnapshotJoiner = {
		pieces: parts.reduce((count, { pieces }) => count + pieces, 0),
		get wantsMore() {
			return !broken && part < parts.length;
		},
		add(piece) {
			if (!joiner.wantsMore) return fail();
			const { type, length, pieces: count } = parts[part];
			const size = partTypeOf(piece) === type ? (piece as SnapshotPiece).length : 0;
			if (size === 0 || filled + size > length) return fail();
			// What the part claims must be what pieces of this size add up to, before room is made
			// for it: a damaged layout claiming a huge part is turned down by its first piece.
			if (pieces === 0) first = size;
			if (size > first || length > count * first || length <= (count - 1) * first) return fail();
			if (typeof piece === "string") strings.push(piece);
			else {
				try {
					array ??= new ARRAY_TYPES[type as ArrayType](length);
				} catch {
					return fail(); // a damaged layout asking for more memory than there is
				}
				array.set(piece as NumberArray, filled);
			}
			filled += size;
			if (++pieces < parts[part].pieces) return true;
			if (filled !== length) return fail();
			const [holder, key] = slots[part++];
			holder[key] = type === "String" ? strings.join("") : array;
			[pieces, filled, array, strings] = [0, 0, null, []];
			return true;
		},
		finish() {
			if (broken || part < parts.length) return null;
			broken = true; // the parts now belong to the snapshot handed out
			return isUsableSnapshot(rest) ? rest : null;
		},
	};
	return joiner;
}

function isPartLayout(value: unknown): value is PartLayout {
	if (!isPlainObject(value)) return false;
	const { type, length, pieces } = value;
	return (
		(type === "String" || Object.prototype.hasOwnProperty.call(ARRAY_TYPES, type as string)) &&
		Number.isSafeInteger(length) &&
		Number.isSafeInteger(pieces) &&
		(pieces as number) >= 1 &&
		(pieces as number) <= (length as number)
	);
}

function bytesOf(type: PartType): number {
	return type === "String" ? 2 : ARRAY_TYPES[type].BYTES_PER_ELEMENT;
}

function perPiece(type: PartType, pieceBytes: number): number {
	return Math.max(1, Math.floor(pieceBytes / bytesOf(type)));
}

/**
 * By its tag rather than `instanceof`: a piece cloned back by the store may come from another
 * realm (a test's sandbox), where `instanceof` says no.
 */
function partTypeOf(value: unknown): PartType | null {
	if (typeof value === "string") return "String";
	const tag = tagOf(value);
	return Object.prototype.hasOwnProperty.call(ARRAY_TYPES, tag) ? (tag as PartType) : null;
}

function tagOf(value: unknown): string {
	return Object.prototype.toString.call(value).slice(8, -1);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return tagOf(value) === "Object";
}
