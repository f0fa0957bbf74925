import type { TurnUsage } from "../loop";
import type { Usage } from "../../model/modelClient";

/** Tokens as a turn's last line shows them: everything the prompts held, cached or not, and everything the model wrote. */
export interface TranscriptTokens {
	readonly input: number;
	readonly output: number;
}

export function transcriptTokens(usage: Usage): TranscriptTokens {
	return { input: usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens, output: usage.outputTokens };
}

/**
 * What a chat has used so far, as its transcript's frontmatter keeps it: the tokens of every
 * model call as the API counted them, and their estimated cost in US dollars (`null` once any
 * turn's price was unknown: a partial sum would understate it).
 */
export interface TranscriptTotals {
	readonly tokens: Usage;
	readonly costUsd: number | null;
}

export function turnTotals(usage: TurnUsage): TranscriptTotals {
	return { tokens: usage.total, costUsd: usage.costUsd };
}
