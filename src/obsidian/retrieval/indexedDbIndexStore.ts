import type { Plugin } from "obsidian";
import type {
	IndexStore,
	SavedIndex,
	SavedOpen,
	SavedVectors,
	VectorsToSave,
	VectorStore,
} from "../../core/retrieval/service/indexStore";
import type { StoredSnapshot } from "../../core/retrieval/vectors/vectorRows";
import {
	PIECES_FORMAT,
	SNAPSHOT_VERSION,
	splitSnapshot,
	startJoining,
	type IndexSnapshot,
	type SnapshotJoiner,
} from "../../core/retrieval";
import { vaultIdOf } from "../privateApi";
import { IndexedDbRecords, once } from "./indexedDbRecords";
import { IndexedDbVectors } from "./indexedDbVectors";

/**
 * The snapshot's keys name its version and layout, so that a start after an upgrade does not
 * spend a long task cloning back an older record only to find it unusable (an earlier version
 * kept the whole snapshot as one record, under `snapshot-N`); saving one removes the others
 * (every key from "snapshot" up). Its layout is here, its pieces under this key, "/", and their
 * number.
 */
const SNAPSHOT = `snapshot-${SNAPSHOT_VERSION}-${PIECES_FORMAT}`;
const EVERY_SNAPSHOT = (): IDBKeyRange => IDBKeyRange.bound("snapshot", "snapshot\uffff");
const OPENS = "opens";
/**
 * Reads in flight at once while the snapshot is read: enough for the round trips to the database
 * to overlap, few enough that the pieces handed over in one task stay few. Writes go one at a
 * time, since each is cloned in the task that makes it: a save's time does not count, its tasks do.
 */
const READS_AHEAD = 4;

/**
 * The `IndexStore` in IndexedDB: on this device, outside the vault folder, so no sync tool ever
 * copies it. One database per vault; one object store, records stored by structured cloning,
 * typed arrays as they are. The snapshot is stored in pieces of a few hundred kilobytes (see
 * `splitSnapshot`), each written and read by a request of its own, the next one made when one
 * before it succeeds: IndexedDB clones a record on the main thread (when it is put, and when a
 * read is handed over), so that the clone of a whole snapshot would be one task of hundreds of
 * milliseconds on a phone, where a piece's is a few.
 * All pieces go in one transaction, so that a save is whole or not at all: a crash, a full disk
 * or a closed window midway leaves the snapshot saved before. The vectors of search by meaning
 * are kept in the same database, in records of their own (`IndexedDbVectors`).
 */
export class IndexedDbIndexStore implements IndexStore, VectorStore {
	private readonly records: IndexedDbRecords;
	private readonly vectors: IndexedDbVectors;

	constructor(name: string) {
		this.records = new IndexedDbRecords(name);
		this.vectors = new IndexedDbVectors(this.records);
	}

	/**
	 * The store of a plugin in the vault it is open in, named by the vault's id (`vaultIdOf`:
	 * Obsidian's own per-vault id, which holds on every platform, where a vault name can repeat
	 * and a base path does not exist on mobile).
	 */
	static forVault(plugin: Plugin): IndexedDbIndexStore {
		return new IndexedDbIndexStore(`${plugin.manifest.id}-index-${vaultIdOf(plugin.app)}`);
	}

	async load(): Promise<SavedIndex> {
		const [snapshot, opens] = await Promise.all([this.loadSnapshot(), this.records.get(OPENS)]);
		// Only this class writes the open counts, under this key.
		return { snapshot, opens: (opens as SavedOpen[] | undefined) ?? null };
	}

	/** A full disk rejects with IndexedDB's `QuotaExceededError`, the transaction aborted: the snapshot saved before is kept. */
	async saveSnapshot(snapshot: IndexSnapshot): Promise<void> {
		const { layout, pieces } = splitSnapshot(snapshot);
		let started = false;
		let written = 0;
		await this.records.stream("readwrite", (records) => {
			if (!started) {
				started = true;
				records.delete(EVERY_SNAPSHOT());
				return records.put(layout, SNAPSHOT);
			}
			const piece = pieces.next();
			return piece.done === true ? null : records.put(piece.value, `${SNAPSHOT}/${written++}`);
		});
	}

	async saveOpens(opens: readonly SavedOpen[]): Promise<void> {
		await this.records.stream(
			"readwrite",
			once((records) => records.put(opens, OPENS)),
		);
	}

	/** Forgets the index's records; the vectors of search by meaning stay, so a rebuild embeds nothing again. */
	async clear(): Promise<void> {
		let asked = 0;
		await this.records.stream("readwrite", (records) => {
			asked++;
			if (asked === 1) return records.delete(EVERY_SNAPSHOT());
			return asked === 2 ? records.delete(OPENS) : null;
		});
	}

	loadVectors(modelId: string): Promise<SavedVectors | null> {
		return this.vectors.load(modelId);
	}

	saveVectors(modelId: string, saving: VectorsToSave): Promise<StoredSnapshot> {
		return this.vectors.save(modelId, saving);
	}

	close(): Promise<void> {
		return this.records.close();
	}

	/**
	 * The saved snapshot, read in one transaction (so that a save can only come before or after
	 * it, never midway); `null` when there is none, or one whose layout or pieces do not fit
	 * together (a damaged record, another version): the index is then built anew.
	 */
	private async loadSnapshot(): Promise<IndexSnapshot | null> {
		let started = false;
		let joiner: SnapshotJoiner | null = null;
		let asked = 0;
		await this.records.stream(
			"readonly",
			(records) => {
				if (!started) {
					started = true;
					return records.get(SNAPSHOT);
				}
				// Nothing more until the layout came, nor once it was refused or a piece did not fit.
				return joiner?.wantsMore === true && asked < joiner.pieces ? records.get(`${SNAPSHOT}/${asked++}`) : null;
			},
			(result) => {
				if (joiner === null) joiner = startJoining(result);
				else joiner.add(result);
			},
			READS_AHEAD,
		);
		return (joiner as SnapshotJoiner | null)?.finish() ?? null;
	}
}
