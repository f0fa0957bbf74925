import type { Plugin } from "obsidian";
import type { IndexStore, SavedIndex, SavedOpen } from "../../core/retrieval/service/indexStore";
import { SNAPSHOT_VERSION, type IndexSnapshot } from "../../core/retrieval";
import { vaultIdOf } from "../privateApi";

const RECORDS = "records";
/**
 * The snapshot's key names its format, so that a start after an upgrade does not spend a long
 * task cloning back an older, larger record only to find it unusable; saving one removes the
 * others (every key from "snapshot" up).
 */
const SNAPSHOT = `snapshot-${SNAPSHOT_VERSION}`;
const OPENS = "opens";

/**
 * The `IndexStore` in IndexedDB: on this device, outside the vault folder, so no sync tool ever
 * copies it. One database per vault; one object store holding two records, stored by structured
 * cloning, typed arrays as they are (a snapshot is a dozen of them, each cloned as one block).
 */
export class IndexedDbIndexStore implements IndexStore {
	private database: Promise<IDBDatabase> | null = null;

	constructor(private readonly name: string) {}

	/**
	 * The store of a plugin in the vault it is open in, named by the vault's id (`vaultIdOf`:
	 * Obsidian's own per-vault id, which holds on every platform, where a vault name can repeat
	 * and a base path does not exist on mobile).
	 */
	static forVault(plugin: Plugin): IndexedDbIndexStore {
		return new IndexedDbIndexStore(`${plugin.manifest.id}-index-${vaultIdOf(plugin.app)}`);
	}

	async load(): Promise<SavedIndex> {
		const [snapshot, opens] = await Promise.all([this.get(SNAPSHOT), this.get(OPENS)]);
		// Only this class writes these records, under these keys.
		return {
			snapshot: (snapshot as IndexSnapshot | undefined) ?? null,
			opens: (opens as SavedOpen[] | undefined) ?? null,
		};
	}

	async saveSnapshot(snapshot: IndexSnapshot): Promise<void> {
		await this.run("readwrite", (records) => {
			records.delete(IDBKeyRange.bound("snapshot", "snapshot\uffff"));
			return records.put(snapshot, SNAPSHOT);
		});
	}

	async saveOpens(opens: readonly SavedOpen[]): Promise<void> {
		await this.run("readwrite", (records) => records.put(opens, OPENS));
	}

	async clear(): Promise<void> {
		await this.run("readwrite", (records) => records.clear());
	}

	async close(): Promise<void> {
		if (this.database === null) return;
		(await this.database.catch(() => null))?.close();
		this.database = null;
	}

	private get(key: string): Promise<unknown> {
		return this.run("readonly", (records) => records.get(key));
	}

	/** Requests in their own transaction, settled with the last one's result when the transaction is (so a write is durable). */
	private async run<T>(mode: IDBTransactionMode, request: (records: IDBObjectStore) => IDBRequest<T>): Promise<T> {
		const database = await this.open();
		return new Promise((resolve, reject) => {
			const transaction = database.transaction(RECORDS, mode);
			const pending = request(transaction.objectStore(RECORDS));
			transaction.oncomplete = () => resolve(pending.result);
			transaction.onerror = () => reject(failure(transaction.error ?? pending.error));
			transaction.onabort = () => reject(failure(transaction.error));
		});
	}

	private open(): Promise<IDBDatabase> {
		this.database ??= new Promise((resolve, reject) => {
			const opening = window.indexedDB.open(this.name, 1);
			opening.onupgradeneeded = () => opening.result.createObjectStore(RECORDS);
			opening.onsuccess = () => {
				// A newer version of the plugin upgrading the database must not wait for this one.
				opening.result.onversionchange = () => opening.result.close();
				resolve(opening.result);
			};
			opening.onerror = () => reject(failure(opening.error));
		});
		return this.database;
	}
}

/** IndexedDB's error, or one saying so when it gives none (an abort without a cause). */
function failure(error: DOMException | null): Error {
	return error ?? new Error("The IndexedDB request failed.");
}
