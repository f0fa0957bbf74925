import type { TaskScheduler } from "../../ports";
import type { IndexStore, SavedOpen } from "./indexStore";
import { runInSlices, type RetrievalIndex, type Slicing } from "../index";

/** Quiet time after the last change before the saved index is brought up to date. */
export const SAVE_QUIET_MS = 2000;
/** Share of the notes that must have changed since the last save for a save to pay for itself. */
const SAVE_WHEN_CHANGED_SHARE = 0.01;

/**
 * Whether the snapshot is worth saving now. A save costs O(vault) on the main thread (the engine
 * encodes every note, and compacts the postings after edits: 100–300 ms at 10,000 notes, spread
 * over time slices), while a stale snapshot costs only a re-read of the notes changed since it
 * was saved, found by mtime and size at the next start. So edits are saved once they add up to
 * 1% of the notes, and otherwise when the plugin unloads; a build from scratch (no usable
 * snapshot) is always saved.
 */
function snapshotDue(changedNotes: number, indexedNotes: number, fromScratch: boolean): boolean {
	if (fromScratch) return true;
	return changedNotes > 0 && changedNotes >= Math.ceil(indexedNotes * SAVE_WHEN_CHANGED_SHARE);
}

export interface SaverSetup {
	readonly store: Pick<IndexStore, "saveSnapshot" | "saveOpens">;
	readonly scheduler: Pick<TaskScheduler, "delay">;
	readonly quietMs: number;
	readonly slicing: Slicing;
	/** The index to save, or `null` when there is none worth saving yet (a build under way, unless closing). */
	readonly index: (closing: boolean) => RetrievalIndex | null;
	readonly opens: () => readonly SavedOpen[];
	readonly failed: (error: unknown) => void;
}

/**
 * Keeps the device's copy of the index current, a moment after changes stop: the open counts
 * whenever they changed (small), the snapshot when it is due, made in time slices and handed to
 * the store whole (which writes it in pieces of a few hundred kilobytes, each cloned in a task of
 * its own, all in one transaction: see `splitSnapshot`). Saves run one at a time, so that an
 * older snapshot never lands after a newer one.
 */
export class IndexSaver {
	private changedNotes = 0;
	private fromScratch = false;
	private opensChanged = false;
	private closed = false;
	private cancelTimer: (() => void) | null = null;
	private saving: Promise<void> = Promise.resolve();

	constructor(private readonly setup: SaverSetup) {}

	/** Notes changed in the index (read, edited, gone) since the last save. */
	changed(notes: number): void {
		this.changedNotes += notes;
	}

	openCountsChanged(): void {
		this.opensChanged = true;
	}

	/** The saved snapshot no longer stands for the index (none, other settings, a rebuild): the next save is due. */
	startAnew(): void {
		this.fromScratch = true;
	}

	/** Saves once nothing has changed for a moment. */
	schedule(): void {
		if (this.closed) return;
		this.cancelTimer?.();
		this.cancelTimer = this.setup.scheduler.delay(() => void this.save(false), this.setup.quietMs);
	}

	/** Saves what is not saved yet, the snapshot too when anything changed, and schedules no more. */
	close(): Promise<void> {
		this.closed = true;
		return this.save(true);
	}

	private save(closing: boolean): Promise<void> {
		this.cancelTimer?.();
		this.cancelTimer = null;
		this.saving = this.saving.then(() =>
			Promise.all([this.saveSnapshot(closing), this.saveOpens()]).then(() => undefined),
		);
		return this.saving;
	}

	private async saveSnapshot(closing: boolean): Promise<void> {
		const index = this.setup.index(closing);
		if (index === null) return;
		const due = snapshotDue(this.changedNotes, index.stats().notes, this.fromScratch);
		if (!due && !(closing && this.changedNotes > 0)) return;
		// What changes from here on is not in this snapshot: it counts toward the next.
		this.changedNotes = 0;
		this.fromScratch = false;
		try {
			const snapshot = await runInSlices(index.snapshotSteps(), this.setup.slicing);
			// The store clones the snapshot's first record in the task it is called in: not the end of the last slice.
			await this.setup.slicing.yieldToHost();
			await this.setup.store.saveSnapshot(snapshot);
		} catch (error) {
			this.fromScratch = true; // try again at the next save
			this.setup.failed(error);
		}
	}

	private async saveOpens(): Promise<void> {
		if (!this.opensChanged) return;
		this.opensChanged = false;
		await this.setup.store.saveOpens(this.setup.opens()).catch((error: unknown) => this.setup.failed(error));
	}
}
