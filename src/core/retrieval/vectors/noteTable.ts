import { grown } from "./signCodes";

const EMPTY = -1;
/** Slots in use (live notes, and those left by a note dropped or renamed) past which the table is rebuilt. */
const MAX_LOAD = 0.85;
/** Slots in use right after a rebuild: room for a fifth more notes before the next. */
const REBUILT_LOAD = 0.7;

/**
 * The notes of a vector index: each note's path and the rows it holds (note `n` holds rows
 * `starts[n]` to `starts[n + 1]`, notes in row order), and the note of a path. The path's note is
 * found by open addressing over one `Int32Array` of note numbers, the paths themselves read from
 * `paths`: some 6 bytes a note, where a `Map` costs some forty. A note dropped keeps its number
 * (its rows stay until the index is saved) with no path; its slot is passed over until a rebuild.
 */
export class NoteTable {
	/** `null` for a note dropped (or put again under a newer number). */
	private paths: (string | null)[];
	private starts: Int32Array;
	private slots: Int32Array;
	/** Slots pointing at a note, whether its path is still the one they were placed for or not. */
	private used = 0;
	private live = 0;

	/** The notes of a restored index: `paths` in note order, `starts` their `paths.length + 1` row numbers. */
	constructor(paths: readonly (string | null)[] = [], starts: Int32Array = new Int32Array(1)) {
		this.paths = [...paths];
		this.starts = starts;
		this.slots = new Int32Array(0);
		this.rebuild();
	}

	/** Notes held, dropped ones not counted. */
	get size(): number {
		return this.live;
	}

	/** Notes numbered so far, dropped ones included: note numbers run below this. */
	get numbered(): number {
		return this.paths.length;
	}

	/** Bytes held: the row numbers, the slots, and a pointer a note to its path (the paths are the host's). */
	get byteLength(): number {
		return this.starts.byteLength + this.slots.byteLength + this.paths.length * 8;
	}

	/** The note of `path`, or -1. */
	noteOf(path: string): number {
		const { slots, paths } = this;
		for (let slot = this.slotOf(path); ; slot = slot + 1 === slots.length ? 0 : slot + 1) {
			const note = slots[slot];
			if (note === EMPTY) return EMPTY;
			if (paths[note] === path) return note;
		}
	}

	pathOf(note: number): string | null {
		return this.paths[note];
	}

	/** The first row of `note`. */
	startOf(note: number): number {
		return this.starts[note];
	}

	/** The row after the last of `note`. */
	endOf(note: number): number {
		return this.starts[note + 1];
	}

	/** Adds `path` as a new note holding the rows from the last note's end to `end` (the path must not be held). */
	add(path: string, end: number): number {
		const note = this.paths.push(path) - 1;
		this.starts = grown(this.starts, note + 2);
		this.starts[note + 1] = end;
		this.live++;
		this.place(note);
		return note;
	}

	/** Drops `note`: its path is found no more, its rows are kept. */
	drop(note: number): void {
		this.paths[note] = null;
		this.live--;
	}

	/** Gives `note` the path `to` (which must not be held). */
	rename(note: number, to: string): void {
		this.paths[note] = to;
		this.place(note);
	}

	/** The paths held, in note order. */
	heldPaths(): string[] {
		return this.paths.filter((path): path is string => path !== null);
	}

	/**
	 * Takes `path` (a string equal to a held path, the host's own) in place of the index's copy: a
	 * restored index then keeps no second copy of a path the keyword index holds.
	 */
	share(path: string): void {
		const note = this.noteOf(path);
		if (note !== EMPTY) this.paths[note] = path;
	}

	/** The note whose rows include `row`: the last note starting at or before it (notes are in row order). */
	noteOfRow(row: number): number {
		let [low, high] = [0, this.paths.length - 1];
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if (this.starts[middle] <= row) low = middle;
			else high = middle - 1;
		}
		return low;
	}

	private place(note: number): void {
		if ((this.used + 1) / this.slots.length > MAX_LOAD) this.rebuild();
		const slots = this.slots;
		let slot = this.slotOf(this.paths[note] as string);
		while (slots[slot] !== EMPTY) slot = slot + 1 === slots.length ? 0 : slot + 1;
		slots[slot] = note;
		this.used++;
	}

	/** New slots for the live notes alone, the slots left by dropped and renamed notes gone. */
	private rebuild(): void {
		const live = this.paths.filter((path) => path !== null).length;
		this.slots = new Int32Array(Math.max(64, Math.ceil((live + 1) / REBUILT_LOAD))).fill(EMPTY);
		this.used = 0;
		this.live = live;
		this.paths.forEach((path, note) => {
			if (path !== null) this.place(note);
		});
	}

	/** FNV-1a over the path's code units, scaled to the table's length. */
	private slotOf(path: string): number {
		let hash = 0x811c9dc5;
		for (let at = 0; at < path.length; at++) hash = Math.imul(hash ^ path.charCodeAt(at), 0x01000193);
		return Math.floor(((hash >>> 0) / 4294967296) * this.slots.length);
	}
}
