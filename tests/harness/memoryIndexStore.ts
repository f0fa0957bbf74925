import { deserialize, serialize } from "node:v8";
import type { IndexStore, SavedIndex, SavedOpen } from "../../src/core/retrieval/service/indexStore";
import type { IndexSnapshot } from "../../src/core/retrieval";

/**
 * The `IndexStore` port in memory, for tests. Records are kept as IndexedDB
 * keeps them, structured-cloned (`v8.serialize` is that format), so a loaded snapshot shares
 * nothing with the index that saved it. Counts what it is asked to do.
 */
export class MemoryIndexStore implements IndexStore {
	private snapshot: Buffer | null = null;
	private opens: Buffer | null = null;
	readonly counts = { loads: 0, snapshotSaves: 0, opensSaves: 0, clears: 0, closes: 0 };

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

	/** Whether a snapshot is saved. */
	get hasSnapshot(): boolean {
		return this.snapshot !== null;
	}
}
