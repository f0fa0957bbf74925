/**
 * Finds the row that holds a chunk key's vector: open addressing with linear probing over row
 * numbers, the keys themselves read from the rows (`keys`, two words a row). A slot is the key's
 * halves mixed once more (keys are hashes already, but a caller's own keys need not be) and scaled
 * to the table. A row number takes three bytes (up to 16,777,214 rows; four past that), and the
 * table stays between 40% and 90% full: 3.3 to 7.5 bytes a row, where a `Map` costs some fifty.
 * Nothing is ever removed one by one: the index rebuilds the table when it drops rows.
 */
const EMPTY = -1;
const MAX_LOAD = 0.9;
/** The largest row number three bytes hold: all ones is the empty slot. */
const THREE_BYTE_ROWS = 0xfffffe;

export class KeyTable {
	private slots: Uint8Array;
	/** Bytes a slot: 3, or 4 for a table of more rows than three bytes number. */
	private width: number;
	private capacity: number;
	private used = 0;

	constructor(expectedRows: number) {
		this.capacity = capacityFor(expectedRows);
		this.width = widthFor(expectedRows);
		this.slots = new Uint8Array(this.capacity * this.width).fill(0xff);
	}

	get byteLength(): number {
		return this.slots.byteLength;
	}

	/** The row holding the key `high:low`, or -1. */
	find(keys: Uint32Array, high: number, low: number): number {
		for (let slot = this.slotOf(high, low); ; slot = slot + 1 === this.capacity ? 0 : slot + 1) {
			const row = this.rowAt(slot);
			if (row === EMPTY) return EMPTY;
			if (keys[row * 2] === high && keys[row * 2 + 1] === low) return row;
		}
	}

	/** Points the key `high:low` (already written at `row` of `keys`) at `row`, whether it had a row or not. */
	set(keys: Uint32Array, row: number): void {
		if ((this.used + 1) / this.capacity > MAX_LOAD || widthFor(row + 1) > this.width) this.grow(keys, row + 1);
		this.place(keys, row);
	}

	private place(keys: Uint32Array, row: number): void {
		const [high, low] = [keys[row * 2], keys[row * 2 + 1]];
		for (let slot = this.slotOf(high, low); ; slot = slot + 1 === this.capacity ? 0 : slot + 1) {
			const held = this.rowAt(slot);
			if (held === EMPTY) {
				this.setRow(slot, row);
				this.used++;
				return;
			}
			if (keys[held * 2] === high && keys[held * 2 + 1] === low) {
				this.setRow(slot, row);
				return;
			}
		}
	}

	private grow(keys: Uint32Array, rows: number): void {
		const held: number[] = [];
		for (let slot = 0; slot < this.capacity; slot++) {
			const row = this.rowAt(slot);
			if (row !== EMPTY) held.push(row);
		}
		this.capacity = Math.max(this.capacity * 2, capacityFor(rows));
		this.width = Math.max(this.width, widthFor(rows));
		this.slots = new Uint8Array(this.capacity * this.width).fill(0xff);
		this.used = 0;
		for (const row of held) this.place(keys, row);
	}

	private rowAt(slot: number): number {
		const [slots, at] = [this.slots, slot * this.width];
		const row = slots[at] | (slots[at + 1] << 8) | (slots[at + 2] << 16);
		if (this.width === 3) return row === 0xffffff ? EMPTY : row;
		return row | (slots[at + 3] << 24);
	}

	private setRow(slot: number, row: number): void {
		const [slots, at] = [this.slots, slot * this.width];
		slots[at] = row;
		slots[at + 1] = row >>> 8;
		slots[at + 2] = row >>> 16;
		if (this.width === 4) slots[at + 3] = row >>> 24;
	}

	/** The key's halves mixed into 32 bits, scaled to the table's length (a multiply, not a modulo). */
	private slotOf(high: number, low: number): number {
		let mixed = Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1);
		mixed ^= mixed >>> 16;
		return Math.floor(((mixed >>> 0) / 4294967296) * this.capacity);
	}
}

/** Room for `rows` keys at four fifths full, and an eighth more rows put before it grows. */
function capacityFor(rows: number): number {
	return Math.max(64, Math.ceil(rows * 1.25));
}

/** Bytes a slot for a table that numbers rows below `rows`. */
function widthFor(rows: number): number {
	return rows - 1 <= THREE_BYTE_ROWS ? 3 : 4;
}
