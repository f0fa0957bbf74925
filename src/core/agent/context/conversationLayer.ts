import type { AttachmentBlock, ChatMessage } from "../../model/modelClient";
import type { ContextBudgets } from "../../workspace/data/contextBudgets";
import { compactedMessages, decideCompaction, summaryBlock, type ConversationState } from "./compaction";
import type { ConversationReport, Cut, LayerReport } from "./contextReport";
import { messageTokens, turnStarts, userMessageOf } from "./conversationTurns";
import { estimateTokens } from "../../text/tokenEstimate";

export interface ConversationInput {
	/** Every message of the chat before this turn, as the transcript keeps them. */
	readonly history: readonly ChatMessage[];
	/** The compaction state kept with the chat. */
	readonly conversation: ConversationState;
	readonly userMessage: string;
	/** The files the user attached to the message. */
	readonly userAttachments?: readonly AttachmentBlock[];
	readonly contextWindowTokens: number;
}

export interface ConversationLayers {
	readonly messages: ChatMessage[];
	/** The conversation's report and the user message's. */
	readonly layers: readonly [LayerReport, LayerReport];
	readonly report: ConversationReport;
}

/**
 * Layers 7 and 8: the conversation, compacted when the whole prompt comes near the model's
 * context window, then the user's message.
 */
export function conversationLayers(
	input: ConversationInput,
	systemTokens: number,
	budgets: ContextBudgets,
): ConversationLayers {
	const { history, userMessage, contextWindowTokens } = input;
	const state = {
		...input.conversation,
		compactedThrough: Math.min(Math.max(0, input.conversation.compactedThrough), history.length),
	};
	const user = userMessageOf(userMessage, input.userAttachments);
	const userTokens = messageTokens(user);
	const limitTokens = contextWindowTokens - budgets.reservedTokens;
	// Each message is estimated once: a long conversation is the largest text of the request.
	const tokensFrom = suffixSums(history.map(messageTokens));
	const conversationTokens = (through: number) =>
		tokensFrom[through] + (through === 0 ? 0 : estimateTokens(summaryBlock(through, state.summary)));

	const starts = turnStarts(history, state.compactedThrough);
	const keepingTurns =
		starts.length > budgets.keepTurns ? starts[starts.length - budgets.keepTurns] : state.compactedThrough;
	// On a small window the turns kept verbatim may not fit either: then every turn is folded,
	// rather than send more than the model holds.
	const foldableThrough =
		systemTokens + conversationTokens(keepingTurns) + userTokens > limitTokens ? history.length : keepingTurns;
	const promptTokens = systemTokens + conversationTokens(state.compactedThrough) + userTokens;
	const decision = decideCompaction({ promptTokens, limitTokens, foldableThrough }, state, budgets.compactAtFraction);

	const through = decision.kind === "compact" ? decision.through : state.compactedThrough;
	const messages = compactedMessages([...history, user], through, state.summary);
	const cuts: Cut[] =
		through === 0
			? []
			: [
					{
						subject: "conversation",
						kind: "shortened",
						reason: "compacted",
						shownTokens: tokensFrom[through],
						omittedTokens: tokensFrom[0] - tokensFrom[through],
						omittedLines: [],
					},
				];
	const conversation: LayerReport = {
		layer: "conversation",
		tokens: conversationTokens(through),
		budgetTokens: Math.max(0, limitTokens - systemTokens - userTokens),
		cuts,
	};
	const userLayer: LayerReport = { layer: "user-message", tokens: userTokens, budgetTokens: null, cuts: [] };
	return {
		messages,
		layers: [conversation, userLayer],
		report: {
			decision: decision.kind,
			nextState: { ...state, compactedThrough: through },
			contextWindowTokens,
			limitTokens,
			compactAtTokens: Math.floor(budgets.compactAtFraction * limitTokens),
			promptTokens: systemTokens + conversationTokens(through) + userTokens,
			messagesSent: messages.length,
		},
	};
}

/** `sums[i]` is the sum of `values[i..]`. */
function suffixSums(values: readonly number[]): number[] {
	const sums = new Array<number>(values.length + 1).fill(0);
	for (let index = values.length - 1; index >= 0; index--) sums[index] = sums[index + 1] + values[index];
	return sums;
}
