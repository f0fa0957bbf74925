import { estimateTokens } from "./tokenEstimate";

/** What a one-shot request (a weekly summary, a consolidation) may spend on a model's window. */
export interface OneShotFit {
	/** The most its prompt may weigh, in estimated tokens; `Infinity` on a window not given (Claude's). */
	readonly promptTokens: number;
	/** Its answer's length limit: the one asked for, or less on a small window. */
	readonly maxTokens: number;
}

/** An answer gets at most a quarter of a small window. */
const ANSWER_SHARE = 0.25;
/**
 * The estimate counts four characters a token; a local model's tokenizer may count more. A
 * twentieth of the window, at most 1,000 tokens (the little left over on Claude's), is kept for
 * that and for a request's framing: by the chat's turns and the one-shot requests alike.
 */
const MARGIN_SHARE = 0.05;
const MAX_MARGIN_TOKENS = 1000;

/** What a request on `windowTokens` leaves unspent, for the estimate's error and its framing. */
export function windowMargin(windowTokens: number): number {
	return Math.min(MAX_MARGIN_TOKENS, Math.ceil(windowTokens * MARGIN_SHARE));
}

/**
 * The room a one-shot request has on `windowTokens` (a local model's context window, shared by
 * the prompt and the answer) once its `system` prompt and its answer are counted. Without a
 * window the request is sent as its caller made it.
 */
export function oneShotFit(windowTokens: number | undefined, system: string, maxTokens: number): OneShotFit {
	if (windowTokens === undefined) return { promptTokens: Infinity, maxTokens };
	const answer = Math.min(maxTokens, Math.floor(windowTokens * ANSWER_SHARE));
	return {
		promptTokens: Math.max(0, windowTokens - answer - windowMargin(windowTokens) - estimateTokens(system)),
		maxTokens: answer,
	};
}
