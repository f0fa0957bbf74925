import type { IndexSnapshot } from "../indexing/indexSnapshot";
import type { ModelCoverage } from "../ranking/vectorTrust";

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
 * index clears those and keeps these, and embeds nothing again.
 */
export interface VectorStore {
	/** What was saved for `modelId`; `null` when nothing was, or for another model. */
	loadVectors(modelId: string): Promise<SavedVectors | null>;
	saveVectors(modelId: string, saved: SavedVectors): Promise<void>;
}

export interface SavedVectors {
	/** The vector index's snapshot (`encodeVectorSnapshot`). */
	readonly bytes: Uint8Array;
	/** What the model reads, as it was asked: a start restores search by meaning without a call to the server. */
	readonly coverage: ModelCoverage;
	/**
	 * The version (`mtime:size`) of each note as it was read to be embedded: a start finds the
	 * notes changed since by their files alone, and reads only those.
	 */
	readonly versions: ReadonlyMap<string, string>;
}
