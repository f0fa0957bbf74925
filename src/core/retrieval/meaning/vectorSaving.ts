import type { TaskScheduler } from "../../ports";
import { slicePauses, type Slicing } from "../indexing/slicedIndexing";
import type { VectorStore } from "../service/indexStore";
import type { StoredSnapshot } from "../vectors/vectorRows";
import { encodeVectorSnapshotParts } from "../vectors/vectorSnapshot";
import type { MeaningIndex } from "./meaningIndex";
import { takeSaved } from "./meaningStart";

/** How long after a note is dropped its vectors leave the device: the rest of a burst of edits (rules typed a key at a time) joins it. */
const PROMPT_MS = 2_000;

export interface VectorSaverPorts {
	readonly store: VectorStore;
	readonly scheduler: TaskScheduler;
	readonly slicing: Slicing;
	/** What is saved: the meaning index, and each embedded note's version as it was read. */
	readonly current: () => Promise<{
		readonly meaning: MeaningIndex | null;
		readonly versions: ReadonlyMap<string, string>;
	}>;
	/** Whether `meaning` is still the host's: the index restored from a save is put in place of its vectors only then. */
	readonly isCurrent: (meaning: MeaningIndex) => boolean;
	/** A save of `meaning`'s vectors failed: it is tried again at the next change. */
	readonly failed: (error: unknown, meaning: MeaningIndex) => void;
	/** How long the vectors stay unchanged before they are saved. */
	readonly quietMs: number;
}

/**
 * Saves the vectors once they have stayed unchanged for a while (a first embedding changes them
 * every few seconds for hours: one save then, not one a round), encoded in time slices and stored
 * as each piece is made, one save at a time. A save that fails is tried again at the next change.
 * After a save, the vectors are read from what was saved when they did not change meanwhile
 * (`takeSaved`): those embedded since the last save leave memory.
 */
export class VectorSaver {
	private unsaved = false;
	/**
	 * Lets go of the stored snapshot whose rows the vectors read, if any. Only this is kept of it:
	 * its bytes were decoded into the index, and kept beside it they would double its memory.
	 */
	private releaseStored: (() => void) | null = null;
	private cancelWait: (() => void) | null = null;
	private running: Promise<void> = Promise.resolve();

	constructor(private readonly ports: VectorSaverPorts) {}

	/**
	 * The vectors changed. A note dropped (`promptly`: deleted, or made private) is saved without
	 * the quiet wait, a moment after the last of a burst, so that the device keeps no vector of it
	 * for minutes.
	 */
	changed(promptly = false): void {
		this.unsaved = true;
		if (promptly) {
			this.cancelWait?.();
			this.cancelWait = null;
		}
		this.cancelWait ??= this.ports.scheduler.delay(
			() => {
				this.cancelWait = null;
				void this.save();
			},
			promptly ? Math.min(PROMPT_MS, this.ports.quietMs) : this.ports.quietMs,
		);
	}

	/** The vectors now read their saved rows from `stored` (restored from it, or let go with `null`): the one before is let go. */
	readFrom(stored: StoredSnapshot | null): void {
		this.releaseStored?.();
		this.releaseStored = stored?.release ?? null;
	}

	/** Saves now what is not saved yet (the host is closing), once a save under way has ended. */
	save(): Promise<void> {
		this.cancelWait?.();
		this.cancelWait = null;
		this.running = this.running.then(() => this.saveNow());
		return this.running;
	}

	private async saveNow(): Promise<void> {
		if (!this.unsaved) return;
		const { meaning, versions } = await this.ports.current();
		const index = meaning?.index ?? null;
		if (!this.unsaved || meaning === null || index === null) return;
		this.unsaved = false;
		// As the snapshot's first step takes the index: a note embedded again meanwhile keeps its old version, and is read again.
		const [version, drops] = [index.version, meaning.drops];
		const pairs = [...versions];
		try {
			const stored = await this.ports.store.saveVectors(index.modelId, {
				dims: index.dims,
				coverage: meaning.coverage,
				versions: pairs,
				write: (rows) => encodeVectorSnapshotParts(index, rows, slicePauses(this.ports.slicing)),
				stillWanted: () => meaning.drops === drops,
			});
			const current = () => this.ports.isCurrent(meaning);
			if (await takeSaved({ stored, meaning, version }, this.ports.slicing, current)) this.readFrom(stored);
		} catch (error) {
			this.unsaved = true;
			this.ports.failed(error, meaning);
		}
	}
}
