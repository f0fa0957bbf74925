/**
 * FNV-1a over UTF-16 code units. The tokenizer extends it one unit at a time as it reads a word,
 * so a token's hash is ready the moment its end is found, for the stopword list and the
 * vocabulary alike, without reading the token again.
 */
export const HASH_START = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

export function extendHash(hash: number, unit: number): number {
	return Math.imul(hash ^ unit, FNV_PRIME);
}

export function hashOfRange(text: string, start: number, end: number): number {
	let hash = HASH_START;
	for (let offset = start; offset < end; offset++) hash = extendHash(hash, text.charCodeAt(offset));
	return hash;
}

/** `hashOfRange` of ASCII text held a byte a character: the same hash as the string's. */
export function hashOfBytes(bytes: Uint8Array, start: number, end: number): number {
	let hash = HASH_START;
	for (let offset = start; offset < end; offset++) hash = extendHash(hash, bytes[offset]);
	return hash;
}
