import type { Plugin } from "obsidian";
import type {
	IndexStore,
	SavedIndex,
	SavedOpen,
	SavedVectors,
	VectorStore,
} from "../../core/retrieval/service/indexStore";
import type { ModelCoverage } from "../../core/retrieval/ranking/vectorTrust";
import {
	PIECES_FORMAT,
	SNAPSHOT_VERSION,
	splitSnapshot,
	startJoining,
	type IndexSnapshot,
	type SnapshotJoiner,
} from "../../core/retrieval";
import { vaultIdOf } from "../privateApi";

const RECORDS = "records";
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
/** The vectors of search by meaning: their layout under this key, their pieces under it, "/", and their number. */
const VECTORS = "vectors";
const EVERY_VECTOR_RECORD = (): IDBKeyRange => IDBKeyRange.bound(VECTORS, `${VECTORS}\uffff`);
/** A piece of the vectors: its structured clone is a short task even on a phone. */
const VECTOR_PIECE_BYTES = 1 << 20;

/** The vectors' record: whose they are, in how many pieces, and what goes with them (`SavedVectors`). */
interface VectorsLayout {
	readonly modelId: string;
	readonly pieces: number;
	readonly coverage: ModelCoverage;
	readonly versions: ReadonlyMap<string, string>;
}

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
 * or a closed window midway leaves the snapshot saved before.
 */
export class IndexedDbIndexStore implements IndexStore, VectorStore {
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
		const [snapshot, opens] = await Promise.all([this.loadSnapshot(), this.get(OPENS)]);
		// Only this class writes the open counts, under this key.
		return { snapshot, opens: (opens as SavedOpen[] | undefined) ?? null };
	}

	/** A full disk rejects with IndexedDB's `QuotaExceededError`, the transaction aborted: the snapshot saved before is kept. */
	async saveSnapshot(snapshot: IndexSnapshot): Promise<void> {
		const { layout, pieces } = splitSnapshot(snapshot);
		let started = false;
		let written = 0;
		await this.stream("readwrite", (records) => {
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
		await this.stream(
			"readwrite",
			once((records) => records.put(opens, OPENS)),
		);
	}

	/** Forgets the index's records; the vectors of search by meaning stay, so a rebuild embeds nothing again. */
	async clear(): Promise<void> {
		let asked = 0;
		await this.stream("readwrite", (records) => {
			asked++;
			if (asked === 1) return records.delete(EVERY_SNAPSHOT());
			return asked === 2 ? records.delete(OPENS) : null;
		});
	}

	async loadVectors(modelId: string): Promise<SavedVectors | null> {
		let layout: VectorsLayout | null = null;
		const pieces: Uint8Array[] = [];
		let asked = 0;
		await this.stream(
			"readonly",
			(records) => {
				if (asked === 0) {
					asked++;
					return records.get(VECTORS);
				}
				// Nothing more once the layout is another model's, damaged, or every piece is in.
				return layout?.modelId === modelId && asked <= layout.pieces ? records.get(`${VECTORS}/${asked++ - 1}`) : null;
			},
			(result) => {
				if (layout === null) layout = vectorsLayoutOf(result);
				else if (isBytes(result)) pieces.push(result);
			},
			READS_AHEAD,
		);
		const found = layout as VectorsLayout | null;
		if (found?.modelId !== modelId || pieces.length !== found.pieces) return null;
		return { bytes: joined(pieces), coverage: found.coverage, versions: found.versions };
	}

	/** Replaces the vectors saved before, of whichever model, in one transaction: a failed save keeps them. */
	async saveVectors(modelId: string, saved: SavedVectors): Promise<void> {
		const { bytes, coverage, versions } = saved;
		const count = Math.ceil(bytes.byteLength / VECTOR_PIECE_BYTES);
		let asked = 0;
		await this.stream("readwrite", (records) => {
			asked++;
			if (asked === 1) return records.delete(EVERY_VECTOR_RECORD());
			if (asked === 2) {
				const layout: VectorsLayout = { modelId, pieces: count, coverage, versions: new Map(versions) };
				return records.put(layout, VECTORS);
			}
			const piece = asked - 3;
			if (piece >= count) return null;
			return records.put(
				bytes.slice(piece * VECTOR_PIECE_BYTES, (piece + 1) * VECTOR_PIECE_BYTES),
				`${VECTORS}/${piece}`,
			);
		});
	}

	async close(): Promise<void> {
		if (this.database === null) return;
		// Transactions under way (a save) still complete: IndexedDB closes the connection after them.
		(await this.database.catch(() => null))?.close();
		this.database = null;
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
		await this.stream(
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

	private async get(key: string): Promise<unknown> {
		let value: unknown;
		await this.stream(
			"readonly",
			once((records) => records.get(key)),
			(result) => (value = result),
		);
		return value;
	}

	/**
	 * Requests in one transaction, each asked for (`ask`, until it says `null`) when one before it
	 * succeeded, with `inFlight` of them under way, the results taken in order (`took`): so each
	 * structured clone is a task of its own, and the transaction stays active between them.
	 * Settled when the transaction is (so a write is durable); rejected when it aborts, having
	 * written nothing.
	 */
	private async stream(
		mode: IDBTransactionMode,
		ask: (records: IDBObjectStore) => IDBRequest | null,
		took: (result: unknown) => void = () => undefined,
		inFlight = 1,
	): Promise<void> {
		const database = await this.open();
		return new Promise((resolve, reject) => {
			const transaction = database.transaction(RECORDS, mode);
			const records = transaction.objectStore(RECORDS);
			let thrown: unknown = null;
			let pending = 0;
			const guarded = (work: () => void) => () => {
				try {
					work();
				} catch (error) {
					// A record that cannot be cloned, say: nothing of this transaction is written.
					thrown = error;
					transaction.abort();
				}
			};
			const fill = guarded(() => {
				while (pending < inFlight) {
					const request = ask(records);
					if (request === null) return;
					pending++;
					request.onsuccess = guarded(() => {
						pending--;
						took(request.result);
						fill();
					});
				}
			});
			transaction.oncomplete = () => resolve();
			transaction.onabort = () => reject(failure(thrown ?? transaction.error));
			fill();
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

/** Asks for the request `make` makes, once. */
function once(make: (records: IDBObjectStore) => IDBRequest): (records: IDBObjectStore) => IDBRequest | null {
	let asked = false;
	return (records) => {
		if (asked) return null;
		asked = true;
		return make(records);
	};
}

/** IndexedDB's error, or one saying so when it gives none (an abort without a cause). */
function failure(error: unknown): Error {
	return (error as Error | null) ?? new Error("The IndexedDB request failed.");
}

/** The vectors' layout as read back, or `null` for a record of another shape (damaged, another version): nothing is restored. */
function vectorsLayoutOf(record: unknown): VectorsLayout | null {
	if (typeof record !== "object" || record === null) return null;
	const { modelId, pieces, coverage, versions } = record as Partial<Record<keyof VectorsLayout, unknown>>;
	const fits =
		typeof modelId === "string" &&
		typeof pieces === "number" &&
		Number.isSafeInteger(pieces) &&
		pieces >= 0 &&
		typeof (coverage as Partial<ModelCoverage> | null)?.readsCjk === "boolean" &&
		Object.prototype.toString.call(versions) === "[object Map]";
	return fits ? (record as VectorsLayout) : null;
}

function joined(pieces: readonly Uint8Array[]): Uint8Array {
	const bytes = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.byteLength, 0));
	let at = 0;
	for (const piece of pieces) {
		bytes.set(piece, at);
		at += piece.byteLength;
	}
	return bytes;
}

/** Bytes as structured cloning gives them back, whichever realm made them. */
function isBytes(value: unknown): value is Uint8Array {
	return Object.prototype.toString.call(value) === "[object Uint8Array]";
}
