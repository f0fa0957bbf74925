import type { TaskScheduler } from "../../ports";
import { RetrievalIndex, runInSlices, type IndexPolicy, type Slicing } from "../index";
import { runToEnd } from "../indexing/steps";

export interface PolicyChangeSetup {
	readonly scheduler: Pick<TaskScheduler, "delay">;
	/** How long settings must stay unchanged before the index follows them. */
	readonly quietMs: number;
	readonly slicing: Slicing;
	/** The index in use, which the new policy is carried over from. */
	readonly index: () => RetrievalIndex | null;
	/** Takes the carried-over index into use; a build then reads the notes the policy now includes. */
	readonly adopt: (carried: RetrievalIndex) => void;
	readonly failed: (error: unknown) => void;
}

/**
 * New exclusions or a moved assistant folder, for an index already in use. The index is carried
 * over through a snapshot: decoding it under the new policy drops the notes it now excludes.
 * That happens in time slices once the settings have been still for a moment (a list edited key
 * by key is one change), or at once when a search comes first, so that no search ever sees a
 * note the settings now exclude.
 */
export class PolicyChanges {
	private pending: IndexPolicy | null = null;
	private cancelTimer: (() => void) | null = null;

	constructor(private readonly setup: PolicyChangeSetup) {}

	changed(policy: IndexPolicy): void {
		this.pending = policy;
		this.cancelTimer?.();
		const apply = () => void this.applyInSlices().catch((error: unknown) => this.setup.failed(error));
		this.cancelTimer = this.setup.scheduler.delay(apply, this.setup.quietMs);
	}

	/** Applies a pending change now, in one task: for a search, which cannot wait. */
	applyNow(): void {
		const index = this.setup.index();
		if (this.pending === null || index === null) return;
		this.adopt(runToEnd(carriedOver(index, this.pending)));
	}

	cancel(): void {
		this.cancelTimer?.();
		this.cancelTimer = null;
	}

	private async applyInSlices(): Promise<void> {
		const { pending: policy } = this;
		const index = this.setup.index();
		if (policy === null || index === null) return;
		const carried = await runInSlices(carriedOver(index, policy), this.setup.slicing);
		// Unless superseded meanwhile (a search applied it, newer settings came, another index took
		// over). Changes made to `index` meanwhile are not carried: the build finds them by mtime.
		if (this.pending === policy && this.setup.index() === index) this.adopt(carried);
	}

	private adopt(carried: RetrievalIndex): void {
		this.pending = null;
		this.cancel();
		this.setup.adopt(carried);
	}
}

/** `index` under `policy`, through a snapshot, in steps. */
function* carriedOver(index: RetrievalIndex, policy: IndexPolicy): Generator<void, RetrievalIndex> {
	const snapshot = yield* index.snapshotSteps();
	return yield* RetrievalIndex.restoreSteps(snapshot, policy);
}
