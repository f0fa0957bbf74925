import type { IndexSnapshot } from "../indexing/indexSnapshot";

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
