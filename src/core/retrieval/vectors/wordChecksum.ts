/** FNV-1a's offset basis and prime, over 32-bit words. */
const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;

/**
 * FNV-1a over bytes read as little-endian 32-bit words, fed in pieces of any length (a word cut
 * between two pieces is joined), the last word padded with zeros: what the vector snapshot's
 * checksums are, whether its bytes are read whole or stream past in pieces. A cut, a flipped bit,
 * a block of zeros all change it.
 */
export class WordChecksum {
	private hash = OFFSET;
	private readonly carry = new Uint8Array(4);
	private carried = 0;

	add(bytes: Uint8Array): this {
		let at = 0;
		while (this.carried > 0 && at < bytes.length) {
			this.carry[this.carried++] = bytes[at++];
			if (this.carried === 4) this.flushCarry();
		}
		const whole = (bytes.length - at) & ~3;
		if ((bytes.byteOffset + at) % 4 === 0)
			this.addWords(new Uint32Array(bytes.buffer, bytes.byteOffset + at, whole / 4));
		else
			for (let word = at; word < at + whole; word += 4)
				this.hash = Math.imul(
					this.hash ^ (bytes[word] | (bytes[word + 1] << 8) | (bytes[word + 2] << 16) | (bytes[word + 3] << 24)),
					PRIME,
				);
		for (let byte = at + whole; byte < bytes.length; byte++) this.carry[this.carried++] = bytes[byte];
		return this;
	}

	addWords(words: Uint32Array): this {
		let hash = this.hash;
		for (let at = 0; at < words.length; at++) hash = Math.imul(hash ^ words[at], PRIME);
		this.hash = hash;
		return this;
	}

	/** The checksum of what was added, as an unsigned 32-bit number. */
	get value(): number {
		if (this.carried === 0) return this.hash >>> 0;
		const last = new Uint8Array(4);
		last.set(this.carry.subarray(0, this.carried));
		return Math.imul(this.hash ^ new Uint32Array(last.buffer)[0], PRIME) >>> 0;
	}

	private flushCarry(): void {
		this.hash = Math.imul(this.hash ^ new Uint32Array(this.carry.buffer)[0], PRIME);
		this.carried = 0;
	}
}
