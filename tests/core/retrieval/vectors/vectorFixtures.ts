import { computeMetadata } from "../../../../headless/metadata";
import { chunkNote } from "../../../../src/core/retrieval";
import { chunkKeysOf, embeddingTextOf, type ChunkKey } from "../../../../src/core/retrieval/vectors/embeddingKey";
import type { VectorIndex } from "../../../../src/core/retrieval/vectors/vectorIndex";

/**
 * A stand-in embedding model: each text's vector drawn from a generator seeded by the text, so
 * the same text always has the same vector, and every text it is asked for is counted.
 */
export class CountingEmbedder {
	readonly embedded: string[] = [];

	constructor(readonly dims: number) {}

	embed(text: string): Float32Array {
		this.embedded.push(text);
		return vectorOf(text, this.dims);
	}
}

export function vectorOf(seedText: string, dims: number): Float32Array {
	let state = 0;
	for (let at = 0; at < seedText.length; at++) state = Math.imul(state ^ seedText.charCodeAt(at), 0x01000193) >>> 0;
	const vector = new Float32Array(dims);
	for (let dim = 0; dim < dims; dim++) {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = Math.imul(state ^ (state >>> 15), state | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		vector[dim] = ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
	}
	return vector;
}

/**
 * Indexes a note's content as a host would: its chunks as the keyword index cuts them, only the
 * missing ones embedded. Returns the chunks' keys.
 */
export function putContent(
	index: VectorIndex,
	embedder: CountingEmbedder,
	path: string,
	content: string,
): (ChunkKey | null)[] {
	const chunks = chunkNote(content, computeMetadata(content));
	const keys = chunkKeysOf(chunks);
	const missing = new Set(index.missing(keys));
	const fresh = new Map<ChunkKey, Float32Array>();
	chunks.forEach((chunk, at) => {
		const key = keys[at];
		const text = embeddingTextOf(chunk);
		if (key !== null && text !== null && missing.has(key) && !fresh.has(key)) fresh.set(key, embedder.embed(text));
	});
	index.putNote(path, keys, fresh);
	return keys;
}
