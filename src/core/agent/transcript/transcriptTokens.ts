import type { Usage } from "../model";

/** Tokens as a transcript counts them: everything the prompts held, cached or not, and everything the model wrote. */
export interface TranscriptTokens {
	readonly input: number;
	readonly output: number;
}

export function transcriptTokens(usage: Usage): TranscriptTokens {
	return { input: usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens, output: usage.outputTokens };
}
