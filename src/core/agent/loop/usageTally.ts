import { estimateTokens } from "../../text/tokenEstimate";
import type { Usage } from "../../model/modelClient";
import { estimateCostUsd } from "../pricing";
import type { TurnUsage } from "./turnEvents";
import { addCosts, addUsage, NO_USAGE } from "./usage";

/** A model call under way: what the API counted as it started, and what it has streamed since. */
interface CallInProgress {
	readonly atStart: Usage;
	streamed: string;
}

/**
 * The tokens of a turn's model calls as they report them, and what they cost. A call stopped
 * before its final count (the user's stop, a timeout, a cut connection) still counts: its input
 * as the API gave it at the start, its output estimated from what arrived, and the turn's usage
 * then says it is an estimate.
 */
export class UsageTally {
	private total: Usage = NO_USAGE;
	private calls = 0;
	/** Each call is priced on its own (a long prompt may cost more a token); `null` once any price is unknown. */
	private costUsd: number | null = 0;
	private inProgress: CallInProgress | null = null;
	private estimated = false;

	/** `offline`: the offline model makes no API call, so its turns cost nothing. */
	constructor(
		private readonly modelId: string,
		private readonly offline: boolean,
	) {}

	callStarted(): void {
		this.calls++;
		this.inProgress = null;
	}

	/** The count the API gave as the response started; an attempt of the same call that broke before it was tried again still counts. */
	started(usage: Usage): void {
		this.interrupted();
		this.inProgress = { atStart: usage, streamed: "" };
	}

	/** Part of the answer (text or a tool call's input) arrived. */
	streamed(text: string): void {
		if (this.inProgress !== null) this.inProgress.streamed += text;
	}

	/** The call's final count: it replaces what was known at the start. */
	add(usage: Usage): TurnUsage {
		this.inProgress = null;
		this.count(usage);
		return this.summary();
	}

	/** The turn ended before the running call's final count: it is counted from what is known. */
	interrupted(): void {
		const call = this.inProgress;
		if (call === null) return;
		this.inProgress = null;
		this.estimated = true;
		this.count({ ...call.atStart, outputTokens: Math.max(call.atStart.outputTokens, estimateTokens(call.streamed)) });
	}

	summary(): TurnUsage {
		const summary = { total: this.total, modelCalls: this.calls, costUsd: this.offline ? 0 : this.costUsd };
		return this.estimated ? { ...summary, estimated: true } : summary;
	}

	private count(usage: Usage): void {
		this.total = addUsage(this.total, usage);
		if (!this.offline) this.costUsd = addCosts(this.costUsd, estimateCostUsd(this.modelId, usage));
	}
}
