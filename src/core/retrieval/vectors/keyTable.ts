/**
 * Finds the row that holds a chunk key's vector: open addressing with linear probing over one
 * `Int32Array` of row numbers, the keys themselves read from the rows (`keys`, two words a row).
 * A slot is the key's halves mixed once more (keys are hashes already, but a caller's own keys need
 * not be) and scaled to the table, and the table stays between 45% and 90% full: 4.4 to 9 bytes a
 * row, where a `Map` costs some fifty.
 * Nothing is ever removed one by one: the index rebuilds the table when it drops rows.
 */
const EMPTY = -1;
const MAX_LOAD = 0.9;

export class KeyTable {
	private slots: Int32Array;
	private used = 0;

	constructor(expectedRows: number) {
		this.slots = new Int32Array(capacityFor(expectedRows)).fill(EMPTY);
	}

	get byteLength(): number {
		return this.slots.byteLength;
	}

	/** The row holding the key `high:low`, or -1. */
	find(keys: Uint32Array, high: number, low: number): number {
		const slots = this.slots;
		for (let slot = this.slotOf(high, low); ; slot = slot + 1 === slots.length ? 0 : slot + 1) {
			const row = slots[slot];
			if (row === EMPTY) return EMPTY;
			if (keys[row * 2] === high && keys[row * 2 + 1] === low) return row;
		}
	}

	/** Points the key `high:low` (already written at `row` of `keys`) at `row`, whether it had a row or not. */
	set(keys: Uint32Array, row: number): void {
		if ((this.used + 1) / this.slots.length > MAX_LOAD) this.grow(keys);
		this.place(keys, row);
	}

	private place(keys: Uint32Array, row: number): void {
		const slots = this.slots;
		const [high, low] = [keys[row * 2], keys[row * 2 + 1]];
		for (let slot = this.slotOf(high, low); ; slot = slot + 1 === slots.length ? 0 : slot + 1) {
			const held = slots[slot];
			if (held === EMPTY) {
				slots[slot] = row;
				this.used++;
				return;
			}
			if (keys[held * 2] === high && keys[held * 2 + 1] === low) {
				slots[slot] = row;
				return;
			}
		}
	}

	private grow(keys: Uint32Array): void {
		const rows = this.slots.filter((row) => row !== EMPTY);
		this.slots = new Int32Array(this.slots.length * 2).fill(EMPTY);
		this.used = 0;
		for (const row of rows) this.place(keys, row);
	}

	/** The key's halves mixed into 32 bits, scaled to the table's length (a multiply, not a modulo). */
	private slotOf(high: number, low: number): number {
		let mixed = Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1);
		mixed ^= mixed >>> 16;
		return Math.floor(((mixed >>> 0) / 4294967296) * this.slots.length);
	}
}

/** Room for `rows` keys at four fifths full: 5 bytes a row, and an eighth more rows put before it grows. */
function capacityFor(rows: number): number {
	return Math.max(64, Math.ceil(rows * 1.25));
}
