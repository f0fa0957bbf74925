import type { CompactionDecision, ConversationState } from "./compaction";

/**
 * What the assembly sent and what it cut, layer by layer, for the debug view and the tests.
 * Tokens are estimates (see `tokenEstimate.ts`).
 */

export type LayerName =
	| "identity"
	| "hot-memory"
	| "instructions"
	| "memory-hint"
	| "vault-map"
	| "notes"
	| "history-book"
	| "search-results"
	| "conversation"
	| "user-message";

/** Lines of a note, 1-based and inclusive, as `memory_get` reads them. */
export interface LineRange {
	readonly firstLine: number;
	readonly lastLine: number;
}

export type CutReason =
	/** The note is longer than its own budget (an identity file, the current note, a mention, a week). */
	| "note-budget"
	/** The layer's budget, shared with other notes, was used up. */
	| "layer-budget"
	/** Older than the latest weeks the history book holds. */
	| "week-limit"
	/** Older turns of the conversation, replaced by a summary. */
	| "compacted";

export interface Cut {
	/** A vault path, or `conversation`. */
	readonly subject: string;
	/** `shortened`: part of it is sent; `left-out`: only a pointer to it, if anything. */
	readonly kind: "shortened" | "left-out";
	readonly reason: CutReason;
	readonly shownTokens: number;
	readonly omittedTokens: number;
	/** The lines not sent, when the subject is a note. */
	readonly omittedLines: readonly LineRange[];
}

export interface LayerReport {
	readonly layer: LayerName;
	readonly tokens: number;
	/** `null` for the layers without a budget of their own: the instructions and the user's message. */
	readonly budgetTokens: number | null;
	readonly cuts: readonly Cut[];
	/** Why the layer sent nothing, when it sent nothing. */
	readonly skipped?: string;
}

/** Hot memory's sizes, for the view to propose a consolidation when it overflows. */
export interface HotMemoryReport {
	readonly path: string;
	readonly capTokens: number;
	/** All of `memory.md`. */
	readonly memoryTokens: number;
	/** The sections about preferences, current state and rules, whole. */
	readonly hotSectionTokens: number;
	/** What the view shows of `memory.md`. */
	readonly shownTokens: number;
	/** Part of `memory.md` is not in the view: time to consolidate. */
	readonly overflow: boolean;
}

export interface ConversationReport {
	/** What the turn loop does next: send as is, flush memory first, or (already done here) compact. */
	readonly decision: CompactionDecision["kind"];
	/** The state to keep with the chat after this turn. */
	readonly nextState: ConversationState;
	readonly contextWindowTokens: number;
	/** The window less the reserve for the answer and the tools. */
	readonly limitTokens: number;
	/** The prompt size at which the conversation is compacted. */
	readonly compactAtTokens: number;
	/** The request as sent: system prompt, conversation and the user's message. */
	readonly promptTokens: number;
	/** Messages sent, the user's message included. */
	readonly messagesSent: number;
}

export interface ContextReport {
	/** Every layer in order, sent or not. */
	readonly layers: readonly LayerReport[];
	readonly totalTokens: number;
	readonly hotMemory: HotMemoryReport | null;
	/** Whether the intent rule took the message for a question about the past. */
	readonly historyQuestion: boolean;
	readonly conversation: ConversationReport;
}
