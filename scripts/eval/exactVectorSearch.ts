import { chunkNote, type NoteInput } from "../../src/core/retrieval";
import type { VectorCandidate } from "../../src/core/retrieval/ranking/hybridFusion";
import { embeddingTextOf } from "../../src/core/retrieval/vectors/embeddingKey";
import { unitVector } from "../../src/core/retrieval/vectors/quantization";

/** A chunk as the product embeds it (`embeddingTextOf`): its heading trail gives its text a context. */
export interface EmbeddedChunk {
	readonly path: string;
	/** The chunk's number in its note, as `chunkNote` cuts it. */
	readonly chunk: number;
	readonly text: string;
}

/** Every chunk of the notes with something to embed, as the product's index cuts them (`chunkNote`), in embedding form. */
export function chunksToEmbed(notes: readonly NoteInput[]): EmbeddedChunk[] {
	return notes.flatMap((note) =>
		chunkNote(note.content, note.metadata).flatMap((chunk, number) => {
			const text = embeddingTextOf(chunk);
			return text === null ? [] : [{ path: note.path, chunk: number, text }];
		}),
	);
}

/**
 * Exact cosine search over every chunk: the yardstick a compact index is measured against, small
 * enough for the eval's vaults. A note ranks by its best chunk.
 */
export class ExactVectorSearch {
	private readonly unit: Float32Array[];

	constructor(
		private readonly chunks: readonly EmbeddedChunk[],
		vectors: readonly Float32Array[],
	) {
		this.unit = vectors.map(normalized);
	}

	/** The best `limit` notes by their best chunk; `admits` (by chunk number) leaves chunks out. */
	search(query: Float32Array, limit: number, admits: (chunk: number) => boolean = () => true): VectorCandidate[] {
		const wanted = normalized(query);
		const best = new Map<string, number>();
		this.unit.forEach((vector, index) => {
			const chunk = this.chunks[index];
			if (!admits(index)) return;
			let dot = 0;
			for (let i = 0; i < vector.length; i++) dot += vector[i] * wanted[i];
			if (dot > (best.get(chunk.path) ?? -Infinity)) best.set(chunk.path, dot);
		});
		return [...best]
			.sort(([pathA, a], [pathB, b]) => b - a || (pathA < pathB ? -1 : 1))
			.slice(0, limit)
			.map(([path, similarity]) => ({ path, similarity }));
	}
}

/** The vector at unit length; one of zeros stays as it is, near nothing. */
function normalized(vector: Float32Array): Float32Array {
	return unitVector(vector) ?? vector;
}
