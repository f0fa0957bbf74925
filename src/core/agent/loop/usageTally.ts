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
 * How a turn's calls are priced: by the price table (`priced`), not at all because the offline
 * model makes no API call (`free`), or not at all because a server on the user's machine answers
 * (`local`, which the usage says, for the view to show "local, no cost").
 */
export type CallCost = "priced" | "free" | "local";

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

	constructor(
		private readonly modelId: string,
		private readonly cost: CallCost,
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
		const summary: TurnUsage = {
			total: this.total,
			modelCalls: this.calls,
			costUsd: this.cost === "priced" ? this.costUsd : 0,
			...(this.cost === "local" && { local: true }),
		};
		return this.estimated ? { ...summary, estimated: true } : summary;
	}

	private count(usage: Usage): void {
		this.total = addUsage(this.total, usage);
		if (this.cost === "priced") this.costUsd = addCosts(this.costUsd, estimateCostUsd(this.modelId, usage));
	}
}
