import type { TaskScheduler } from "../../ports";
import { RetrievalIndex, runInSlices, type IndexPolicy, type IndexSnapshot, type Slicing } from "../index";

export interface RestoredIndex {
	readonly index: RetrievalIndex;
	/** Whether the index is the snapshot as saved; if not (none, other settings, another version, damaged), it is to be saved anew. */
	readonly asSaved: boolean;
}

/**
 * The index a saved snapshot holds, restored in time slices under `policy`. A snapshot of other
 * settings is re-checked (see `RetrievalIndex.fromSnapshot`); one of another version, or
 * damaged, is as none: an empty index, which the build then fills.
 */
export async function restoreInSlices(
	snapshot: IndexSnapshot | null,
	policy: IndexPolicy,
	scheduler: Pick<TaskScheduler, "yieldToHost">,
	slicing: Slicing,
): Promise<RestoredIndex> {
	let index: RetrievalIndex | null = null;
	try {
		if (snapshot !== null) {
			// The store's last piece and the check of the joined snapshot took the task they came in; restoring starts in the next.
			await scheduler.yieldToHost();
			index = await runInSlices(RetrievalIndex.restoreSteps(snapshot, policy), slicing);
		}
	} catch {
		// A record the checks let through but decoding could not read: start over, as without one.
	}
	index ??= new RetrievalIndex(policy);
	return { index, asSaved: snapshot?.settings === index.settings };
}
