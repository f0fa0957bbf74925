import type { IndexSnapshot } from "../indexing/indexSnapshot";
import type { ModelCoverage } from "../ranking/vectorTrust";
import type { StoredSnapshot } from "../vectors/vectorRows";

/**
 * The search index saved on this device, per vault, outside the vault (IndexedDB in Obsidian),
 * so that a restart reads only what changed and a sync tool never sees it. Two records, saved
 * apart because they change at different rates: the index snapshot (large, saved seldom) and
 * the open counts of the hot set (small, saved often).
 */
export interface IndexStore {
	/** What was saved, each part `null` when there is none. */
	load(): Promise<SavedIndex>;
	saveSnapshot(snapshot: IndexSnapshot): Promise<void>;
	saveOpens(opens: readonly SavedOpen[]): Promise<void>;
	/** Forgets both records. */
	clear(): Promise<void>;
	/** Lets go of the store once nothing more will be saved. */
	close(): Promise<void>;
}

export interface SavedIndex {
	readonly snapshot: IndexSnapshot | null;
	readonly opens: readonly SavedOpen[] | null;
}

/** How often a note was opened lately: a decayed count, as of `at` (milliseconds since the epoch). */
export interface SavedOpen {
	readonly path: string;
	readonly weight: number;
	readonly at: number;
}

/**
 * The vectors of search by meaning saved on this device beside the index (IndexedDB in Obsidian),
 * for one embedding model at a time: saving one model's replaces another's, so two models'
 * vectors are never restored together. Kept apart from the index's records: a rebuild of the
 * index clears those and keeps these, and embeds nothing again. The rows block of a snapshot (a
 * byte a dimension a chunk: most of it) stays where it is stored; what is loaded is the rest
 * (`StoredSnapshot`), and a query's candidates' rows are read from the store.
 */
export interface VectorStore {
	/** What was saved for `modelId`; `null` when nothing was, or for another model, or it is damaged. */
	loadVectors(modelId: string): Promise<SavedVectors | null>;
	/**
	 * Saves a snapshot of `modelId`'s vectors in place of what was saved, of whichever model: whole
	 * or not at all, the rows that an index restored before reads left where they are while it
	 * does. Resolves to the snapshot as stored, its rows read from the store.
	 */
	saveVectors(modelId: string, saving: VectorsToSave): Promise<StoredSnapshot>;
}

/** Vectors saved for a model, as a start restores them. */
export interface SavedVectors extends StoredSnapshot {
	/** What the model reads, as it was asked: a start restores search by meaning without a call to the server. */
	readonly coverage: ModelCoverage;
	/**
	 * The version (`mtime:size`) of each note as it was read to be embedded: a start finds the
	 * notes changed since by their files alone, and reads only those.
	 */
	readonly versions: ReadonlyMap<string, string>;
}

/** A snapshot to save, made as it is stored. */
export interface VectorsToSave {
	readonly dims: number;
	/**
	 * Makes the snapshot (`encodeVectorSnapshotParts`), handing each piece of its rows block to
	 * `rows` as it is made, and awaiting it; resolves to its head.
	 */
	readonly write: (rows: (piece: Int8Array) => Promise<void>) => Promise<Uint8Array>;
	readonly coverage: ModelCoverage;
	/** `SavedVectors.versions` as they were when the snapshot was begun, as `[path, version]` pairs. */
	readonly versions: readonly (readonly [string, string])[];
	/**
	 * Asked in the save's last step, before the snapshot becomes the one saved: `false` (a note was
	 * dropped since it was begun, made private perhaps) rejects the save with `SaveOvertakenError`,
	 * the snapshot saved before kept.
	 */
	readonly stillWanted: () => boolean;
}

/** A save of the vectors given up in its last step: a note was dropped since it began, or another save came first. */
export class SaveOvertakenError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "SaveOvertakenError";
	}
}
