import type { Usage } from "../../model/modelClient";
import type { TurnUsage } from "./turnEvents";

export const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

export function addUsage(a: Usage, b: Usage): Usage {
	return {
		inputTokens: a.inputTokens + b.inputTokens,
		outputTokens: a.outputTokens + b.outputTokens,
		cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
		cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
	};
}

/** A sum of costs is unknown as soon as one of them is: a partial sum would understate it. */
export function addCosts(a: number | null, b: number | null): number | null {
	return a === null || b === null ? null : a + b;
}

/** Two runs of the loop counted as one turn (a memory flush and the answer after it). */
export function addTurnUsage(a: TurnUsage, b: TurnUsage): TurnUsage {
	const sum: TurnUsage = {
		total: addUsage(a.total, b.total),
		modelCalls: a.modelCalls + b.modelCalls,
		costUsd: addCosts(a.costUsd, b.costUsd),
		...((a.local === true || b.local === true) && { local: true }),
	};
	return a.estimated === true || b.estimated === true ? { ...sum, estimated: true } : sum;
}
