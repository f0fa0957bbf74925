/**
 * How a vector is kept small. Every vector is first scaled to unit length (cosine is then a dot
 * product), then kept twice: as sign bits (one bit a dimension, the code every query scans) and as
 * int8 (one byte a dimension, read only for the few hundred candidates the codes found, to rank
 * them by a cosine within about 1% of the float one).
 */

/** 32-bit words of a sign code of `dims` dimensions; the bits past the last dimension are zero. */
export function codeWordsOf(dims: number): number {
	return Math.ceil(dims / 32);
}

/** The cosine of two vectors of one dimension; 0 when either is all zeros. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
	let dot = 0;
	let normA = 0;
	let normB = 0;
	for (let i = 0; i < a.length; i++) {
		dot += a[i] * b[i];
		normA += a[i] * a[i];
		normB += b[i] * b[i];
	}
	return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** The vector scaled to unit length, or `null` when it has a value that is not finite or is all zeros. */
export function unitVector(vector: ArrayLike<number>): Float32Array | null {
	let squares = 0;
	for (let at = 0; at < vector.length; at++) {
		const value = vector[at];
		if (!Number.isFinite(value)) return null;
		squares += value * value;
	}
	if (squares === 0 || !Number.isFinite(squares)) return null;
	const scale = 1 / Math.sqrt(squares);
	const unit = new Float32Array(vector.length);
	for (let at = 0; at < vector.length; at++) unit[at] = vector[at] * scale;
	return unit;
}

/**
 * Writes `unit` as int8 into `bytes` from `at`, scaled so that its largest value is ±127: the
 * scale itself is not kept, since a cosine divides it out (see `int8Cosine`).
 */
export function writeInt8(unit: Float32Array, bytes: Int8Array, at: number): void {
	let largest = 0;
	for (let dim = 0; dim < unit.length; dim++) largest = Math.max(largest, Math.abs(unit[dim]));
	const scale = largest === 0 ? 0 : 127 / largest;
	for (let dim = 0; dim < unit.length; dim++) bytes[at + dim] = Math.round(unit[dim] * scale);
}

/** The cosine of a unit query and the int8 vector at `at`. */
export function int8Cosine(query: Float32Array, bytes: Int8Array, at: number): number {
	let dot = 0;
	let squares = 0;
	for (let dim = 0; dim < query.length; dim++) {
		const value = bytes[at + dim];
		dot += query[dim] * value;
		squares += value * value;
	}
	return squares === 0 ? 0 : dot / Math.sqrt(squares);
}

/**
 * Per byte of a sign code, what each of the 256 byte values adds to `query · signs` (a set bit
 * adds the query's value, a clear one subtracts it): the asymmetric score of a code, one look-up a
 * byte, which ranks codes far closer to the float cosine than bits against bits do.
 */
export function signScoreTables(query: Float32Array): Float32Array {
	const bytes = codeWordsOf(query.length) * 4;
	const tables = new Float32Array(bytes * 256);
	for (let byte = 0; byte < bytes; byte++) {
		const table = byte * 256;
		const dims = Math.max(0, Math.min(8, query.length - byte * 8));
		// Every bit clear: each of the byte's dimensions subtracted.
		for (let bit = 0; bit < dims; bit++) tables[table] -= query[byte * 8 + bit];
		// A value is the one without its lowest set bit, that dimension turned from subtracted to added.
		for (let value = 1; value < 256; value++) {
			const lowest = 31 - Math.clz32(value & -value);
			const dim = byte * 8 + lowest;
			tables[table + value] = tables[table + (value & (value - 1))] + (lowest < dims ? 2 * query[dim] : 0);
		}
	}
	return tables;
}
