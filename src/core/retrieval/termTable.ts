import { hashOfRange } from "./termHash";
import type { StringTable } from "./stringTable";
import { withLength } from "./typedArrays";

/** No character: a range looked up as it is. */
export const NO_TAIL = -1;

const EMPTY = -1;
const INITIAL_SLOTS = 1024;
const INITIAL_UNITS = 4096;
const NO_BASE: StringTable = { strings: "", ends: new Uint32Array(0) };

/**
 * Distinct strings numbered from 0, found by a range of a longer string: `text[start, end)`,
 * optionally followed by one more character (`tail`, for "queries" → "quer" + "y"), with the
 * range's hash (`termHash.ts`) given by the caller that computed it while reading. Indexing a
 * note meets each term hundreds of times and a new one rarely; slicing every token out of its
 * text to ask a `Map` allocated a string per token, and lookups and garbage collection were a
 * third of a build. Here a token is compared where it stands, and no string is made at all: a
 * new term's code units are appended to one typed array (`units`), and `termOf` makes the
 * string when asked. Keeping a string per term instead was slower to compare against (a slice
 * of a note is a view of that note's text, so reads go through it, and keeps the text alive).
 *
 * A table restored from a snapshot keeps the saved terms as ranges of the snapshot's one long
 * string (`base`), so that a warm start makes no string per term either.
 *
 * Open addressing with linear probing over a power-of-two table kept at most half full; each slot
 * holds an id and its hash side by side, so a probe touches one cache line until the hash matches.
 */
export class TermTable {
	private slots = emptySlots(INITIAL_SLOTS);
	private base = NO_BASE;
	/** The code units of the terms added after the base's, one after another. */
	private units = new Uint16Array(INITIAL_UNITS);
	/** Where each added term ends in `units`; it starts where the one before ends. */
	private unitEnds = new Uint32Array(INITIAL_SLOTS);
	private addedCount = 0;

	get size(): number {
		return this.base.ends.length + this.addedCount;
	}

	termOf(id: number): string {
		const { strings, ends } = this.base;
		// `apply` takes the typed array as it is; spreading it would go through an iterator, four times slower.
		if (id >= ends.length) return String.fromCharCode.apply(null, this.unitsOf(id - ends.length) as unknown as number[]);
		return strings.slice(id === 0 ? 0 : ends[id - 1], ends[id]);
	}

	/** The id of `term`, or -1. */
	idOf(term: string): number {
		return this.idOfRange(term, 0, term.length, NO_TAIL, hashOfRange(term, 0, term.length));
	}

	intern(term: string): number {
		return this.internRange(term, 0, term.length, NO_TAIL, hashOfRange(term, 0, term.length));
	}

	/** The id of `text[start, end)` + `tail` (whose hash is `hash`), or -1. */
	idOfRange(text: string, start: number, end: number, tail: number, hash: number): number {
		return this.slots[this.slotOf(text, start, end, tail, hash)];
	}

	/** The id of `text[start, end)` + `tail` (whose hash is `hash`), numbered now if it is new. */
	internRange(text: string, start: number, end: number, tail: number, hash: number): number {
		const slot = this.slotOf(text, start, end, tail, hash);
		const known = this.slots[slot];
		if (known !== EMPTY) return known;
		this.append(text, start, end, tail);
		return this.place(slot, this.size - 1, hash);
	}

	/**
	 * Takes the terms of `table` as ids 0, 1, 2… in `steps` of `termsPerStep` terms (the table
	 * must be empty). Returns false, leaving the table unusable, if a term is there twice: that
	 * would shift the id of every term after it.
	 */
	*restore(table: StringTable, termsPerStep: number): Generator<void, boolean> {
		if (this.size !== 0) return false;
		this.base = table;
		const { strings, ends } = table;
		while (this.slots.length < ends.length * 4) this.slots = emptySlots(this.slots.length);
		for (let id = 0; id < ends.length; id++) {
			const start = id === 0 ? 0 : ends[id - 1];
			const hash = hashOfRange(strings, start, ends[id]);
			const slot = this.slotOf(strings, start, ends[id], NO_TAIL, hash);
			if (this.slots[slot] !== EMPTY) return false;
			this.place(slot, id, hash);
			if (id % termsPerStep === termsPerStep - 1) yield;
		}
		return true;
	}

	/** Adds `text[start, end)` + `tail` as the next term's units. */
	private append(text: string, start: number, end: number, tail: number): void {
		let from = this.addedCount === 0 ? 0 : this.unitEnds[this.addedCount - 1];
		this.units = withLength(this.units, from + end - start + 1);
		for (let offset = start; offset < end; offset++) this.units[from++] = text.charCodeAt(offset);
		if (tail !== NO_TAIL) this.units[from++] = tail;
		this.unitEnds = withLength(this.unitEnds, this.addedCount + 1);
		this.unitEnds[this.addedCount++] = from;
	}

	/** The units of the `added`th term added after the base's. */
	private unitsOf(added: number): Uint16Array {
		return this.units.subarray(added === 0 ? 0 : this.unitEnds[added - 1], this.unitEnds[added]);
	}

	private place(slot: number, id: number, hash: number): number {
		this.slots[slot] = id;
		this.slots[slot + 1] = hash;
		if (this.size * 4 > this.slots.length) this.grow();
		return id;
	}

	/** The slot (its id's index) holding the term, or the empty one where it would go. */
	private slotOf(text: string, start: number, end: number, tail: number, hash: number): number {
		const slots = this.slots;
		const mask = slots.length - 2;
		for (let slot = (hash << 1) & mask; ; slot = (slot + 2) & mask) {
			const id = slots[slot];
			if (id === EMPTY || (slots[slot + 1] === hash && this.holds(id, text, start, end, tail))) return slot;
		}
	}

	/** Whether term `id` is `text[start, end)` + `tail`. */
	private holds(id: number, text: string, start: number, end: number, tail: number): boolean {
		const { strings, ends } = this.base;
		if (id < ends.length) return sameUnits(strings, id === 0 ? 0 : ends[id - 1], ends[id], text, start, end, tail);
		const added = id - ends.length;
		const termStart = added === 0 ? 0 : this.unitEnds[added - 1];
		return sameArrayUnits(this.units, termStart, this.unitEnds[added], text, start, end, tail);
	}

	private grow(): void {
		const old = this.slots;
		const slots = emptySlots(old.length);
		const mask = slots.length - 2;
		for (let from = 0; from < old.length; from += 2) {
			if (old[from] === EMPTY) continue;
			let slot = (old[from + 1] << 1) & mask;
			while (slots[slot] !== EMPTY) slot = (slot + 2) & mask;
			slots[slot] = old[from];
			slots[slot + 1] = old[from + 1];
		}
		this.slots = slots;
	}
}

/** Room for `count` slots of two numbers each (id, hash). */
function emptySlots(count: number): Int32Array {
	return new Int32Array(count * 2).fill(EMPTY);
}

/** Whether `term[termStart, termEnd)` is `text[start, end)` + `tail`. */
function sameUnits(term: string, termStart: number, termEnd: number, text: string, start: number, end: number, tail: number): boolean {
	const length = end - start;
	if (termEnd - termStart !== (tail === NO_TAIL ? length : length + 1)) return false;
	for (let index = 0; index < length; index++) {
		if (term.charCodeAt(termStart + index) !== text.charCodeAt(start + index)) return false;
	}
	return tail === NO_TAIL || term.charCodeAt(termStart + length) === tail;
}

/** `sameUnits` for a term held in a typed array (a generic reader would cost both their speed). */
function sameArrayUnits(units: Uint16Array, termStart: number, termEnd: number, text: string, start: number, end: number, tail: number): boolean {
	const length = end - start;
	if (termEnd - termStart !== (tail === NO_TAIL ? length : length + 1)) return false;
	for (let index = 0; index < length; index++) {
		if (units[termStart + index] !== text.charCodeAt(start + index)) return false;
	}
	return tail === NO_TAIL || units[termStart + length] === tail;
}
