import { hashOfRange } from "../text/termHash";
import type { StringTable } from "./stringTable";
import { withLength } from "./typedArrays";

/** No character: a range looked up as it is. */
export const NO_TAIL = -1;

const EMPTY = -1;
const INITIAL_SLOTS = 1024;
const INITIAL_UNITS = 4096;
const NO_BASE: StringTable = { strings: "", ends: new Uint32Array(0) };
/** No copy in `asciiUnits`: the term is not ASCII, or longer than a byte counts. */
const NO_COPY = -1;
const LONGEST_COPY = 0xff;
/** Room after the last copy, so that reading eight bytes from any copy stays in the array. */
const COPY_SLACK = 8;
/** For a token of `n` bytes (up to 8): the bits of its first four bytes, and of its next four, that it fills. */
const FIRST_WORD_MASKS = Int32Array.from({ length: 9 }, (_, n) => (n >= 4 ? -1 : (1 << (8 * n)) - 1));
const SECOND_WORD_MASKS = Int32Array.from({ length: 9 }, (_, n) =>
	n <= 4 ? 0 : n === 8 ? -1 : (1 << (8 * (n - 4))) - 1,
);

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
	/** The added ASCII terms again, a byte a character, each after its length. */
	private asciiUnits = new Uint8Array(INITIAL_UNITS);
	private asciiView: DataView = new DataView(this.asciiUnits.buffer);
	private asciiEnd = 0;
	/** Where each added term's copy starts in `asciiUnits`, or `NO_COPY`. */
	private asciiStarts = new Int32Array(INITIAL_SLOTS);
	/** The bytes of the last token compared, and a view to read them four at a time. */
	private tokenBytes: Uint8Array | null = null;
	private tokenView: DataView = new DataView(new ArrayBuffer(0));

	get size(): number {
		return this.base.ends.length + this.addedCount;
	}

	termOf(id: number): string {
		const { strings, ends } = this.base;
		// `apply` takes the typed array as it is; spreading it would go through an iterator, four times slower.
		if (id >= ends.length)
			return String.fromCharCode.apply(null, this.unitsOf(id - ends.length) as unknown as number[]);
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
	 * `idOfRange` for a token held a byte a character (see `TermSink` in `tokenizer.ts`): reading
	 * bytes is faster than `charCodeAt`, which dispatches on how each string is stored.
	 */
	idOfBytes(bytes: Uint8Array, start: number, end: number, tail: number, hash: number): number {
		return this.slots[this.slotOfBytes(bytes, start, end, tail, hash)];
	}

	/** `internRange` for a token held a byte a character (see `idOfBytes`). */
	internBytes(bytes: Uint8Array, start: number, end: number, tail: number, hash: number): number {
		const slot = this.slotOfBytes(bytes, start, end, tail, hash);
		const known = this.slots[slot];
		if (known !== EMPTY) return known;
		this.appendUnits(bytes.subarray(start, end), tail);
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
		this.endTerm(from, tail);
	}

	/** Adds `units` + `tail` as the next term's units. */
	private appendUnits(units: Uint8Array, tail: number): void {
		const from = this.addedCount === 0 ? 0 : this.unitEnds[this.addedCount - 1];
		this.units = withLength(this.units, from + units.length + 1);
		this.units.set(units, from);
		this.endTerm(from + units.length, tail);
	}

	/** Ends the term being added at `end` of `units`, after `tail` unless that is `NO_TAIL`. */
	private endTerm(end: number, tail: number): void {
		let termEnd = end;
		if (tail !== NO_TAIL) this.units[termEnd++] = tail;
		this.unitEnds = withLength(this.unitEnds, this.addedCount + 1);
		this.unitEnds[this.addedCount] = termEnd;
		this.copyAscii(this.addedCount++);
	}

	/** Copies the `added`th term added after the base's to `asciiUnits`, if it is ASCII and short enough. */
	private copyAscii(added: number): void {
		const termStart = added === 0 ? 0 : this.unitEnds[added - 1];
		const termEnd = this.unitEnds[added];
		this.asciiStarts = withLength(this.asciiStarts, added + 1);
		this.asciiStarts[added] = NO_COPY;
		if (termEnd - termStart > LONGEST_COPY) return;
		for (let unit = termStart; unit < termEnd; unit++) if (this.units[unit] >= 0x80) return;
		this.asciiUnits = withLength(this.asciiUnits, this.asciiEnd + 1 + termEnd - termStart + COPY_SLACK);
		if (this.asciiView.buffer !== this.asciiUnits.buffer) this.asciiView = new DataView(this.asciiUnits.buffer);
		this.asciiUnits[this.asciiEnd++] = termEnd - termStart;
		this.asciiStarts[added] = this.asciiEnd;
		for (let unit = termStart; unit < termEnd; unit++) this.asciiUnits[this.asciiEnd++] = this.units[unit];
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

	/** `slotOf` for a token held a byte a character. */
	private slotOfBytes(bytes: Uint8Array, start: number, end: number, tail: number, hash: number): number {
		const slots = this.slots;
		const mask = slots.length - 2;
		for (let slot = (hash << 1) & mask; ; slot = (slot + 2) & mask) {
			const id = slots[slot];
			if (id === EMPTY || (slots[slot + 1] === hash && this.holdsBytes(id, bytes, start, end, tail))) return slot;
		}
	}

	/**
	 * Whether term `id` is `bytes[start, end)` + `tail`. A token of eight characters or fewer
	 * (nearly all) is compared with the term's ASCII copy in two 4-byte reads: comparing byte by
	 * byte, the processor mispredicts the loop's end at every token.
	 */
	private holdsBytes(id: number, bytes: Uint8Array, start: number, end: number, tail: number): boolean {
		const added = id - this.base.ends.length;
		const copy = added < 0 ? NO_COPY : this.asciiStarts[added];
		const length = end - start;
		if (copy === NO_COPY || length > 8 || start + 8 > bytes.length)
			return this.holdsBytesSlowly(id, bytes, start, end, tail);
		if (this.asciiUnits[copy - 1] !== (tail === NO_TAIL ? length : length + 1)) return false;
		if (bytes !== this.tokenBytes) {
			this.tokenBytes = bytes;
			this.tokenView = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
		}
		const first =
			(this.tokenView.getInt32(start, true) ^ this.asciiView.getInt32(copy, true)) & FIRST_WORD_MASKS[length];
		const second =
			(this.tokenView.getInt32(start + 4, true) ^ this.asciiView.getInt32(copy + 4, true)) & SECOND_WORD_MASKS[length];
		return (first | second) === 0 && (tail === NO_TAIL || this.asciiUnits[copy + length] === tail);
	}

	/** `holdsBytes` a byte at a time: for a term of the base, not ASCII or long, or a token at the end of its array. */
	private holdsBytesSlowly(id: number, bytes: Uint8Array, start: number, end: number, tail: number): boolean {
		const { strings, ends } = this.base;
		if (id < ends.length)
			return sameUnitsAsBytes(strings, id === 0 ? 0 : ends[id - 1], ends[id], bytes, start, end, tail);
		const added = id - ends.length;
		const termStart = added === 0 ? 0 : this.unitEnds[added - 1];
		return sameArrayUnitsAsBytes(this.units, termStart, this.unitEnds[added], bytes, start, end, tail);
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
function sameUnits(
	term: string,
	termStart: number,
	termEnd: number,
	text: string,
	start: number,
	end: number,
	tail: number,
): boolean {
	const length = end - start;
	if (termEnd - termStart !== (tail === NO_TAIL ? length : length + 1)) return false;
	for (let index = 0; index < length; index++) {
		if (term.charCodeAt(termStart + index) !== text.charCodeAt(start + index)) return false;
	}
	return tail === NO_TAIL || term.charCodeAt(termStart + length) === tail;
}

/** `sameUnits` for a term held in a typed array (a generic reader would cost both their speed). */
function sameArrayUnits(
	units: Uint16Array,
	termStart: number,
	termEnd: number,
	text: string,
	start: number,
	end: number,
	tail: number,
): boolean {
	const length = end - start;
	if (termEnd - termStart !== (tail === NO_TAIL ? length : length + 1)) return false;
	for (let index = 0; index < length; index++) {
		if (units[termStart + index] !== text.charCodeAt(start + index)) return false;
	}
	return tail === NO_TAIL || units[termStart + length] === tail;
}

/** `sameUnits` for a token held a byte a character. */
function sameUnitsAsBytes(
	term: string,
	termStart: number,
	termEnd: number,
	bytes: Uint8Array,
	start: number,
	end: number,
	tail: number,
): boolean {
	const length = end - start;
	if (termEnd - termStart !== (tail === NO_TAIL ? length : length + 1)) return false;
	for (let index = 0; index < length; index++) {
		if (term.charCodeAt(termStart + index) !== bytes[start + index]) return false;
	}
	return tail === NO_TAIL || term.charCodeAt(termStart + length) === tail;
}

/** `sameArrayUnits` for a token held a byte a character. */
function sameArrayUnitsAsBytes(
	units: Uint16Array,
	termStart: number,
	termEnd: number,
	bytes: Uint8Array,
	start: number,
	end: number,
	tail: number,
): boolean {
	const length = end - start;
	if (termEnd - termStart !== (tail === NO_TAIL ? length : length + 1)) return false;
	for (let index = 0; index < length; index++) {
		if (units[termStart + index] !== bytes[start + index]) return false;
	}
	return tail === NO_TAIL || units[termStart + length] === tail;
}
