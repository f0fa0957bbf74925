/**
 * What is embedded for a chunk of the index, and the key its vector is kept under. The key is a
 * hash of that text alone, so a vector is reused wherever the same text stands: after a rename
 * (the title is not part of the text), a restart, a rebuild, a change of settings other than the
 * model, or an edit to another part of the note.
 */

/**
 * The 64-bit hash of an embedded text, as 16 lower-case hex digits: stable across restarts, hosts
 * and versions of JavaScript, since it reads the text's UTF-16 code units, as every engine holds them.
 */
export type ChunkKey = string;

/**
 * Bumped whenever `embeddingTextOf` changes what it makes of a chunk: vectors saved for the old
 * texts are then not reused (a snapshot of another format restores nothing).
 */
export const EMBEDDING_TEXT_FORMAT = 1;

/** A chunk as the index cuts it (see `chunkNote`): its heading trail and its text. */
export interface EmbeddableChunk {
	readonly headingTrail: string;
	readonly text: string;
}

/**
 * The text a chunk is embedded as: its heading trail (`A > B`, the context a passage is read in),
 * a blank line, then the passage, trimmed. The note's title is left out: a renamed note keeps its
 * vectors, and titles are what keyword search already finds best. `null` for a chunk with nothing
 * to embed (an empty note, a heading with no text and no trail).
 */
export function embeddingTextOf(chunk: EmbeddableChunk): string | null {
	const trail = chunk.headingTrail.trim();
	const body = chunk.text.trim();
	if (trail === "") return body === "" ? null : body;
	return body === "" ? trail : `${trail}\n\n${body}`;
}

/**
 * The key of an embedded text. Two 32-bit lanes read every code unit and are mixed into each other
 * at the end (the construction of the public-domain `cyrb53`, all 64 bits kept): a few hundred
 * megabytes a second in plain JavaScript, some ten times SHA-256's speed, with no allocation. At
 * a million chunks, the chance that two texts share a key is about one in thirty million.
 */
export function chunkKeyOf(text: string): ChunkKey {
	const [high, low] = hashHalves(text);
	return hex8(high) + hex8(low);
}

/** The key of each chunk of a note, in the chunks' order, `null` where there is nothing to embed. */
export function chunkKeysOf(chunks: readonly EmbeddableChunk[]): (ChunkKey | null)[] {
	return chunks.map((chunk) => {
		const text = embeddingTextOf(chunk);
		return text === null ? null : chunkKeyOf(text);
	});
}

function hashHalves(text: string): [number, number] {
	let h1 = 0xdeadbeef ^ EMBEDDING_TEXT_FORMAT;
	let h2 = 0x41c6ce57 ^ EMBEDDING_TEXT_FORMAT;
	for (let at = 0; at < text.length; at++) {
		const unit = text.charCodeAt(at);
		h1 = Math.imul(h1 ^ unit, 2654435761);
		h2 = Math.imul(h2 ^ unit, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
	h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
	h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return [h2 >>> 0, h1 >>> 0];
}

function hex8(value: number): string {
	return value.toString(16).padStart(8, "0");
}

/** A key's two 32-bit halves, high first; `null` for a string that is not 16 hex digits. */
export function keyHalves(key: ChunkKey): [number, number] | null {
	if (key.length !== 16 || !/^[0-9a-f]{16}$/.test(key)) return null;
	return [parseInt(key.slice(0, 8), 16), parseInt(key.slice(8), 16)];
}

/** The key of two halves, as `chunkKeyOf` writes it. */
export function keyOfHalves(high: number, low: number): ChunkKey {
	return hex8(high >>> 0) + hex8(low >>> 0);
}
