import { deserialize, serialize } from "node:v8";
import type {
	IndexStore,
	SavedIndex,
	SavedOpen,
	SavedVectors,
	VectorStore,
} from "../../src/core/retrieval/service/indexStore";
import type { IndexSnapshot } from "../../src/core/retrieval";

/**
 * The `IndexStore` and `VectorStore` ports in memory, for tests. Records are kept as IndexedDB
 * keeps them, structured-cloned (`v8.serialize` is that format), so a loaded snapshot shares
 * nothing with the index that saved it. Counts what it is asked to do. As in IndexedDB, the
 * vectors of one model at a time are kept, and clearing the index keeps them.
 */
export class MemoryIndexStore implements IndexStore, VectorStore {
	private snapshot: Buffer | null = null;
	private opens: Buffer | null = null;
	private vectors: { readonly modelId: string; readonly record: Buffer } | null = null;
	readonly counts = { loads: 0, snapshotSaves: 0, opensSaves: 0, clears: 0, closes: 0, vectorSaves: 0 };

	async load(): Promise<SavedIndex> {
		this.counts.loads++;
		return {
			snapshot: this.snapshot === null ? null : (deserialize(this.snapshot) as IndexSnapshot),
			opens: this.opens === null ? null : (deserialize(this.opens) as SavedOpen[]),
		};
	}

	async saveSnapshot(snapshot: IndexSnapshot): Promise<void> {
		this.counts.snapshotSaves++;
		this.snapshot = serialize(snapshot);
	}

	async saveOpens(opens: readonly SavedOpen[]): Promise<void> {
		this.counts.opensSaves++;
		this.opens = serialize(opens);
	}

	async clear(): Promise<void> {
		this.counts.clears++;
		this.snapshot = null;
		this.opens = null;
	}

	async close(): Promise<void> {
		this.counts.closes++;
	}

	async loadVectors(modelId: string): Promise<SavedVectors | null> {
		if (this.vectors?.modelId !== modelId) return null;
		return deserialize(this.vectors.record) as SavedVectors;
	}

	async saveVectors(modelId: string, saved: SavedVectors): Promise<void> {
		this.counts.vectorSaves++;
		this.vectors = { modelId, record: serialize(saved) };
	}

	/** The model whose vectors are kept, if any. */
	get vectorModel(): string | null {
		return this.vectors?.modelId ?? null;
	}

	/** Whether a snapshot is saved. */
	get hasSnapshot(): boolean {
		return this.snapshot !== null;
	}
}
