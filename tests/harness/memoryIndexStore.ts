import { deserialize, serialize } from "node:v8";
import {
	SaveOvertakenError,
	type IndexStore,
	type SavedIndex,
	type SavedOpen,
	type SavedVectors,
	type VectorsToSave,
	type VectorStore,
} from "../../src/core/retrieval/service/indexStore";
import { gathered, SavedRowsError, type StoredSnapshot } from "../../src/core/retrieval/vectors/vectorRows";
import type { ModelCoverage } from "../../src/core/retrieval/ranking/vectorTrust";
import type { IndexSnapshot } from "../../src/core/retrieval";

/**
 * The `IndexStore` and `VectorStore` ports in memory, for tests. Records are kept as IndexedDB
 * keeps them, structured-cloned (`v8.serialize` is that format), so a loaded snapshot shares
 * nothing with the index that saved it. Counts what it is asked to do. As in IndexedDB, the
 * vectors of one model at a time are kept, and clearing the index keeps them; their rows are read
 * where they are stored, a query's candidates at a time.
 */
export class MemoryIndexStore implements IndexStore, VectorStore {
	private snapshot: Buffer | null = null;
	private opens: Buffer | null = null;
	private vectors: { readonly modelId: string; readonly record: Buffer } | null = null;
	readonly counts = {
		loads: 0,
		snapshotSaves: 0,
		opensSaves: 0,
		clears: 0,
		closes: 0,
		vectorSaves: 0,
		/** Stored snapshots handed out (loaded or saved), and those let go. */
		opened: 0,
		released: 0,
	};
	private rowsDamaged = false;

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
		const { head, rows, coverage, versions } = deserialize(this.vectors.record) as StoredRecord;
		return { ...this.stored(head, rows), coverage, versions: new Map(versions) };
	}

	async saveVectors(modelId: string, saving: VectorsToSave): Promise<StoredSnapshot> {
		this.counts.vectorSaves++;
		const pieces: Uint8Array[] = [];
		const head = await saving.write(async (piece) => {
			pieces.push(Uint8Array.from(new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength)));
		});
		if (!saving.stillWanted()) throw new SaveOvertakenError("A note was dropped while the vectors were saved.");
		const rows = Buffer.concat(pieces);
		const record: StoredRecord = { head, rows, coverage: saving.coverage, versions: [...saving.versions] };
		this.vectors = { modelId, record: serialize(record) };
		// New records in place of the damaged ones.
		this.rowsDamaged = false;
		return this.stored(head, rows);
	}

	/** Damages the saved rows: every read of them fails until the next save, as a damaged record in IndexedDB does. */
	damageRows(): void {
		this.rowsDamaged = true;
	}

	/** A stored snapshot whose rows are read (asynchronously, as IndexedDB reads them) from `rows`. */
	private stored(head: Uint8Array, rows: Uint8Array): StoredSnapshot {
		this.counts.opened++;
		return {
			bytes: head,
			rowsFrom: (block) => ({
				read: async (wanted) => {
					if (this.rowsDamaged) throw new SavedRowsError("The saved vectors' record is damaged.");
					const int8 = new Int8Array(rows.buffer, rows.byteOffset, block.rowCount * block.rowBytes);
					return gathered(int8, block.rowBytes, wanted);
				},
			}),
			release: () => void this.counts.released++,
		};
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

/** The vectors as the memory store keeps them. */
interface StoredRecord {
	readonly head: Uint8Array;
	readonly rows: Uint8Array;
	readonly coverage: ModelCoverage;
	readonly versions: (readonly [string, string])[];
}
