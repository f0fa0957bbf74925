import type { Usage } from "../model";
import { estimateCostUsd } from "../pricing";
import type { TurnUsage } from "./turnEvents";
import { addCosts, addUsage, NO_USAGE } from "./usage";

/** The tokens of a turn's model calls as they report them, and what they cost. */
export class UsageTally {
	private total: Usage = NO_USAGE;
	private calls = 0;
	/** Each call is priced on its own (a long prompt may cost more a token); `null` once any price is unknown. */
	private costUsd: number | null = 0;

	/** `offline`: the offline model makes no API call, so its turns cost nothing. */
	constructor(
		private readonly modelId: string,
		private readonly offline: boolean,
	) {}

	callStarted(): void {
		this.calls++;
	}

	add(usage: Usage): TurnUsage {
		this.total = addUsage(this.total, usage);
		if (!this.offline) this.costUsd = addCosts(this.costUsd, estimateCostUsd(this.modelId, usage));
		return this.summary();
	}

	summary(): TurnUsage {
		return { total: this.total, modelCalls: this.calls, costUsd: this.offline ? 0 : this.costUsd };
	}
}
