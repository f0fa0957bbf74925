import { codeWordsOf } from "./quantization";

/**
 * Words of a code kept apart, first, in an array of their own (96 bits at 384 dimensions): a
 * query's first look reads only these, a quarter of the bytes of a full scan in one contiguous
 * stretch, and reads the rest for the nearest twentieth of the rows alone (see `scanCodes`).
 */
export const HEAD_WORDS = 3;

/**
 * The sign code of every row (one bit a dimension, set for a positive value), each row's first
 * `HEAD_WORDS` words in `heads` and the others in `tails`. Grows by a quarter, not double: slack is
 * memory that every chunk pays for.
 */
export class SignCodes {
	readonly words: number;
	readonly headWords: number;
	readonly tailWords: number;
	/** The codes of rows written before, `headWords` and `tailWords` a row. */
	constructor(
		readonly dims: number,
		public heads: Uint32Array = new Uint32Array(0),
		public tails: Uint32Array = new Uint32Array(0),
	) {
		this.words = codeWordsOf(dims);
		this.headWords = Math.min(HEAD_WORDS, this.words);
		this.tailWords = this.words - this.headWords;
	}

	get byteLength(): number {
		return this.heads.byteLength + this.tails.byteLength;
	}

	/** Room for `rows` rows, the codes written so far kept. */
	reserve(rows: number): void {
		this.heads = grown(this.heads, rows * this.headWords);
		this.tails = grown(this.tails, rows * this.tailWords);
	}

	/** Writes the code of `vector` (`dims` values) at `row`. */
	write(row: number, vector: Int8Array): void {
		const { dims, headWords, tailWords } = this;
		for (let word = 0; word < this.words; word++) {
			let bits = 0;
			const end = Math.min(dims, word * 32 + 32);
			// Without a branch: the signs of a vector are as likely one way as the other, so a branch is mispredicted half the time.
			for (let dim = word * 32; dim < end; dim++) bits |= (-vector[dim] >>> 31) << (dim & 31);
			if (word < headWords) this.heads[row * headWords + word] = bits;
			else this.tails[row * tailWords + word - headWords] = bits;
		}
	}

	/** Copies the code at `from` to `to`. */
	copy(to: number, from: number): void {
		const [head, tail] = [this.headWords, this.tailWords];
		this.heads.copyWithin(to * head, from * head, (from + 1) * head);
		this.tails.copyWithin(to * tail, from * tail, (from + 1) * tail);
	}
}

/** `array`, or a copy a quarter larger when it holds fewer than `length` elements. */
export function grown<T extends Uint32Array | Int32Array | Int8Array>(array: T, length: number): T {
	if (array.length >= length) return array;
	const Constructor = array.constructor as new (length: number) => T;
	const copy = new Constructor(Math.max(length, Math.ceil(array.length * 1.25), 64));
	copy.set(array);
	return copy;
}
