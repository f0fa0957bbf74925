export type NumericArray = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;

/**
 * `array` itself when it holds `length` elements, otherwise a copy with room for at least that
 * many (doubling, so that growing one element at a time stays linear overall).
 */
export function withLength<T extends NumericArray>(array: T, length: number): T {
	if (array.length >= length) return array;
	const Constructor = array.constructor as new (length: number) => T;
	const grown = new Constructor(Math.max(length, array.length * 2, 64));
	grown.set(array);
	return grown;
}

/** Elements `pagedIn` writes between two yields: a megabyte of 32-bit ones. */
const PAGED_IN_PER_STEP = 1 << 18;

/**
 * Writes zeros over a new array from start to end, in steps. Memory new from the system costs a
 * page fault at the first write to each of its pages: writes scattered over a large array take
 * them all in one step (16,384 writes over 30 MB took 9 ms on a server core, 0.2 ms once its
 * pages were in), where in order they come a megabyte at a time.
 */
export function* pagedIn(array: NumericArray): Generator<void, void> {
	for (let at = 0; at < array.length; at += PAGED_IN_PER_STEP) {
		array.fill(0, at, at + PAGED_IN_PER_STEP);
		yield;
	}
}
