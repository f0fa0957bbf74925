/**
 * SHA-256 as FIPS 180-4 defines it, small enough to ship: a note's hash is all the plugin needs, so a
 * hashing library's other algorithms and streaming interface would only add to `main.js`.
 */

/** The first 64 primes: the standard's constants are the fractional parts of their roots, computed here rather than tabled. */
const PRIMES: number[] = [];
for (let candidate = 2; PRIMES.length < 64; candidate++) {
	if (PRIMES.every((prime) => candidate % prime !== 0)) PRIMES.push(candidate);
}

/** The first 32 bits of the fractional part of `root`. */
function fractionBits(root: number): number {
	return ((root - Math.floor(root)) * 2 ** 32) >>> 0;
}

const INITIAL_HASH = PRIMES.slice(0, 8).map((prime) => fractionBits(Math.sqrt(prime)));
const ROUND_CONSTANTS = PRIMES.map((prime) => fractionBits(Math.cbrt(prime)));

function rotateRight(word: number, bits: number): number {
	return (word >>> bits) | (word << (32 - bits));
}

/** The SHA-256 of `bytes`, as 64 lower-case hex digits. */
export function sha256HexOfBytes(bytes: Uint8Array): string {
	// The message, a 1 bit, zeros, and its length in bits as 64 bits: a whole number of 64-byte blocks.
	const padded = new Uint8Array(((bytes.length + 72) >>> 6) << 6);
	padded.set(bytes);
	padded[bytes.length] = 0x80;
	const view = new DataView(padded.buffer);
	view.setUint32(padded.length - 8, Math.floor(bytes.length / 2 ** 29));
	view.setUint32(padded.length - 4, (bytes.length << 3) >>> 0);

	const hash = INITIAL_HASH.slice();
	const schedule = new Uint32Array(64);
	for (let block = 0; block < padded.length; block += 64) {
		for (let i = 0; i < 16; i++) schedule[i] = view.getUint32(block + i * 4);
		for (let i = 16; i < 64; i++) {
			const early = schedule[i - 15];
			const late = schedule[i - 2];
			schedule[i] =
				schedule[i - 16] +
				(rotateRight(early, 7) ^ rotateRight(early, 18) ^ (early >>> 3)) +
				schedule[i - 7] +
				(rotateRight(late, 17) ^ rotateRight(late, 19) ^ (late >>> 10));
		}
		let [a, b, c, d, e, f, g, h] = hash;
		for (let i = 0; i < 64; i++) {
			const mixE =
				h +
				(rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)) +
				((e & f) ^ (~e & g)) +
				ROUND_CONSTANTS[i] +
				schedule[i];
			const mixA = (rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
			h = g;
			g = f;
			f = e;
			e = (d + mixE) >>> 0;
			d = c;
			c = b;
			b = a;
			a = (mixE + mixA) >>> 0;
		}
		[a, b, c, d, e, f, g, h].forEach((word, i) => (hash[i] = (hash[i] + word) >>> 0));
	}
	return hash.map((word) => word.toString(16).padStart(8, "0")).join("");
}
