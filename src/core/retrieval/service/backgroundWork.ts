import { runInSlices, type RetrievalIndex, type Slicing } from "../index";
import { whileCurrent } from "../indexing/steps";

/**
 * The service's work in time slices that nobody waits for: the typo index of a restored
 * vocabulary, the map of what links to each note, the compaction of postings that edits made
 * due. A failure is reported, not thrown: searches go on meanwhile, with what there is.
 */
export class BackgroundWork {
	/** Whether a compaction of the postings is running. */
	private compacting = false;

	constructor(
		private readonly slicing: Slicing,
		private readonly failed: (error: unknown) => void,
	) {}

	/** Runs `steps` in time slices from the next task (not at the end of the one that asks), for as long as `isCurrent` holds. */
	run(steps: Generator<void, unknown>, isCurrent: () => boolean): void {
		this.slicing
			.yieldToHost()
			.then(() => runInSlices(whileCurrent(steps, isCurrent), this.slicing))
			.catch((error: unknown) => this.failed(error));
	}

	/** Rebuilds the postings of `index` once edits have made that due (searches do not wait for it), one rebuild at a time. */
	compactWhenDue(index: RetrievalIndex): void {
		if (this.compacting || !index.needsCompaction) return;
		this.compacting = true;
		runInSlices(index.catchUp(), this.slicing)
			.catch((error: unknown) => this.failed(error))
			.finally(() => {
				this.compacting = false;
			});
	}
}
