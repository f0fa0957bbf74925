/**
 * The vectors of the fake embedding servers (the tests' and the browser bench's): a hashed bag of
 * words, normalized. The same text always gets the same vector, and texts sharing words get
 * vectors that point the same way, so a search by meaning over them ranks as a test can predict. A word is a run of letters or digits, lower-cased; each Han,
 * kana or Hangul character is a word of its own, as no space separates them. A word with a
 * meaning given (`meanings`) counts as that meaning's word.
 */
export function fakeVector(
	text: string,
	dimension: number,
	meanings: ReadonlyMap<string, string> = new Map(),
): number[] {
	const vector = new Array<number>(dimension).fill(0);
	for (const word of wordsOf(text)) {
		const hash = fnv1a(meanings.get(word) ?? word);
		// The hash's low bits pick the dimension, one high bit the sign: collisions then cancel as often as they add.
		vector[hash % dimension] += (hash & 0x80000000) === 0 ? 1 : -1;
	}
	const norm = Math.hypot(...vector);
	// A text without words still gets a unit vector, as a real model gives every text one.
	if (norm === 0) return vector.map((_, i) => (i === 0 ? 1 : 0));
	return vector.map((value) => value / norm);
}

const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+/gu;

function wordsOf(text: string): string[] {
	return text.toLowerCase().match(WORD) ?? [];
}

function fnv1a(word: string): number {
	let hash = 0x811c9dc5;
	for (const byte of new TextEncoder().encode(word)) {
		hash ^= byte;
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash;
}
