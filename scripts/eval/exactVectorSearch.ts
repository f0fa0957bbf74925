import { chunkNote, type NoteInput } from "../../src/core/retrieval";
import type { VectorCandidate } from "../../src/core/retrieval/ranking/hybridFusion";
import { baseName } from "../../src/core/vault/paths";

/** A chunk as it is embedded: the note's title and the chunk's heading trail give its text a context. */
export interface EmbeddedChunk {
	readonly path: string;
	readonly text: string;
}

/** Every chunk of the notes as the product's index cuts them (`chunkNote`), in embedding form. */
export function chunksToEmbed(notes: readonly NoteInput[]): EmbeddedChunk[] {
	return notes.flatMap((note) =>
		chunkNote(note.content, note.metadata).map((chunk) => ({
			path: note.path,
			text: [baseName(note.path), chunk.headingTrail, chunk.text].filter((part) => part.trim() !== "").join("\n"),
		})),
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

function normalized(vector: Float32Array): Float32Array {
	let norm = 0;
	for (const value of vector) norm += value * value;
	const length = Math.sqrt(norm) || 1;
	return vector.map((value) => value / length);
}
