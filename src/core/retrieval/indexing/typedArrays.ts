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
