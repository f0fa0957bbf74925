/** Quiet time after the last change before the saved index is brought up to date. */
export const SAVE_QUIET_MS = 2000;
/** Share of the notes that must have changed since the last save for a save to pay for itself. */
export const SAVE_WHEN_CHANGED_SHARE = 0.01;

/**
 * Whether the snapshot is worth saving now. A save costs O(vault) on the main thread (the engine
 * compacts and encodes every note: a few hundred milliseconds at 10,000 notes), while a stale
 * snapshot costs only a re-read of the notes changed since it was saved, found by mtime and size
 * at the next start. So edits are saved once they add up to 1% of the notes, and otherwise when
 * the plugin unloads; a build from scratch (no usable snapshot) is always saved.
 */
export function snapshotDue(changedNotes: number, indexedNotes: number, fromScratch: boolean): boolean {
	if (fromScratch) return true;
	return changedNotes > 0 && changedNotes >= Math.ceil(indexedNotes * SAVE_WHEN_CHANGED_SHARE);
}
