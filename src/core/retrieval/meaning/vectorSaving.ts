import type { TaskScheduler } from "../../ports";
import { slicePauses, type Slicing } from "../indexing/slicedIndexing";
import type { VectorStore } from "../service/indexStore";
import { encodeVectorSnapshot } from "../vectors/vectorSnapshot";
import type { MeaningIndex } from "./meaningIndex";

export interface VectorSaverPorts {
	readonly store: VectorStore;
	readonly scheduler: TaskScheduler;
	readonly slicing: Slicing;
	/** What is saved: the meaning index, and each embedded note's version as it was read. */
	readonly current: () => { readonly meaning: MeaningIndex | null; readonly versions: ReadonlyMap<string, string> };
	readonly failed: (error: unknown) => void;
	/** How long the vectors stay unchanged before they are saved. */
	readonly quietMs: number;
}

/**
 * Saves the vectors once they have stayed unchanged for a while (a first embedding changes them
 * every few seconds for hours: one save then, not one a round), encoded in time slices. A save
 * that fails is tried again at the next change.
 */
export class VectorSaver {
	private unsaved = false;
	private cancelWait: (() => void) | null = null;

	constructor(private readonly ports: VectorSaverPorts) {}

	changed(): void {
		this.unsaved = true;
		this.cancelWait ??= this.ports.scheduler.delay(() => {
			this.cancelWait = null;
			void this.save();
		}, this.ports.quietMs);
	}

	/** Saves now what is not saved yet (the host is closing). */
	async save(): Promise<void> {
		this.cancelWait?.();
		this.cancelWait = null;
		const { meaning, versions } = this.ports.current();
		const index = meaning?.index ?? null;
		if (!this.unsaved || meaning === null || index === null) return;
		this.unsaved = false;
		// The versions as the snapshot's first step takes the index.
		const saved = new Map(versions);
		try {
			const bytes = await encodeVectorSnapshot(index, slicePauses(this.ports.slicing));
			await this.ports.store.saveVectors(index.modelId, { bytes, coverage: meaning.coverage, versions: saved });
		} catch (error) {
			this.unsaved = true;
			this.ports.failed(error);
		}
	}
}
