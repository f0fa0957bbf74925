import type { ChatMessage } from "../../model/modelClient";
import { tagged } from "./layerTags";

/**
 * Compaction of a long conversation, as pure decisions over a small state that the turn loop
 * keeps with the chat. Near the model's context window the older turns are folded into a
 * summary and the last few kept verbatim; before any turn is folded, the model is asked once
 * to write what is worth keeping to today's daily memory (the memory flush), so that folding
 * forgets nothing that mattered.
 */
export interface ConversationState {
	/** Messages before this index are folded into the summary; 0 when none are. Always the start of a turn. */
	readonly compactedThrough: number;
	/** What stands for the folded messages: the model's summary from the last memory flush, if any. */
	readonly summary: string | null;
	/** How many messages the conversation had when the model last flushed memory; `null`: never. */
	readonly flushedAtMessageCount: number | null;
}

export const FRESH_CONVERSATION: ConversationState = {
	compactedThrough: 0,
	summary: null,
	flushedAtMessageCount: null,
};

export type CompactionDecision =
	/** The conversation fits, or nothing more can be folded. */
	| { readonly kind: "keep" }
	/** Ask the model to flush memory first (`MEMORY_FLUSH_PROMPT`), record it with `afterMemoryFlush`, then assemble again. */
	| { readonly kind: "flush-memory" }
	/** Fold the messages before `through` into the summary. */
	| { readonly kind: "compact"; readonly through: number };

export interface CompactionCheck {
	/** The whole request as it stands: system prompt, conversation and the user's message. */
	readonly promptTokens: number;
	/** The context window less what the answer and the tools need. */
	readonly limitTokens: number;
	/** Where a compaction would fold to: the start of the oldest turn kept verbatim. */
	readonly foldableThrough: number;
}

/**
 * Compact once the prompt reaches `compactAtFraction` of the limit, and only after the model
 * has flushed memory since the last of the messages to fold was written: a flush happens
 * exactly once before each compaction, never again for messages already flushed.
 */
export function decideCompaction(
	check: CompactionCheck,
	state: ConversationState,
	compactAtFraction: number,
): CompactionDecision {
	if (check.promptTokens < compactAtFraction * check.limitTokens) return { kind: "keep" };
	if (check.foldableThrough <= state.compactedThrough) return { kind: "keep" };
	const flushed = state.flushedAtMessageCount;
	if (flushed === null || flushed < check.foldableThrough) return { kind: "flush-memory" };
	return { kind: "compact", through: check.foldableThrough };
}

/** The state once the model has flushed memory, its reply (`summary`) standing for the turns to fold. */
export function afterMemoryFlush(
	state: ConversationState,
	messageCount: number,
	summary: string | null,
): ConversationState {
	return {
		...state,
		flushedAtMessageCount: messageCount,
		summary: summary === null || summary.trim() === "" ? state.summary : summary.trim(),
	};
}

/**
 * The state when the memory flush is skipped: a model without tools cannot append to daily
 * memory, so it is not asked (see `ChatSession`), and the turns are folded all the same. What
 * stands for them says that nothing was kept, rather than send the model to tools it lacks.
 */
export function afterSkippedFlush(state: ConversationState, messageCount: number): ConversationState {
	return { ...state, flushedAtMessageCount: messageCount, summary: state.summary ?? FOLDED_WITHOUT_SUMMARY };
}

const FOLDED_WITHOUT_SUMMARY =
	"Earlier messages of this conversation were folded to save room, and no summary of them was kept.";

/**
 * The message the turn loop sends for a memory flush, in a request of its own over the
 * conversation as it stands; the model's text reply becomes the summary.
 */
export const MEMORY_FLUSH_PROMPT = [
	"This conversation is getting long: its older turns will soon be replaced by a summary.",
	'First, append to today\'s daily memory (memory_append with target "daily") whatever in this conversation is worth keeping and not saved yet: decisions and their reasons, what you learned about the user, open questions, next steps. Long-term memory stays for stable facts, as always.',
	"Then reply with a summary of the conversation so far, at most 200 words, for yourself: what the user is working on, what was decided, what is pending. The user does not see this exchange.",
].join("\n\n");

/** The conversation as sent: the folded messages replaced by the summary, set before the first message kept. */
export function compactedMessages(
	messages: readonly ChatMessage[],
	through: number,
	summary: string | null,
): ChatMessage[] {
	if (through <= 0 || messages.length === 0) return [...messages];
	const kept = messages.slice(Math.min(through, messages.length - 1));
	const [first, ...rest] = kept;
	return [
		{ role: first.role, content: [{ type: "text", text: summaryBlock(through, summary) }, ...first.content] },
		...rest,
	];
}

/** What stands for the first `through` messages once they are folded. */
export function summaryBlock(through: number, summary: string | null): string {
	return tagged("earlier-conversation", { messages: String(through) }, summary ?? placeholder(through));
}

function placeholder(folded: number): string {
	return `The first ${folded} messages of this conversation were folded to save room, and no summary of them was kept. What mattered was written to daily memory: read it with memory_recent or memory_search.`;
}
