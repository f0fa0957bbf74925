import type { ChatMessage } from "../../model/modelClient";
import { toolResultBlock, type ExecuteTool, type ToolCallRecord, type TurnEvent, type TurnResult } from "../loop";
import { STOPPED_CALL } from "../loop/loopNotices";
import { runToolCall, type ToolRunLimits } from "../loop/toolCall";

/**
 * A turn for a model that cannot call tools, grounded in a search of the notes: the session
 * runs `memory_search` for the user's message itself, through the same tool path as the model's
 * calls (the privacy view, the tool's own bounds, the turn's timeout and stop), shows it as a
 * tool call, and puts its results in the request (`searchResults`); the answer cites them.
 */

const SEARCH_TOOL = "memory_search";
/** `memory_search` takes a query of at most this many characters. */
const MAX_QUERY_CHARS = 2000;

/** The id of a grounded turn's search: unique in the conversation, which grows with every turn. */
export function groundingSearchId(conversationLength: number): string {
	return `grounding_search_${conversationLength}`;
}

/**
 * Runs the search for `userMessage`, between its `tool-started` and `tool-finished` events as
 * the loop shows a call; `null` when the user stopped the turn while it ran.
 */
export async function* groundingSearch(
	execute: ExecuteTool,
	userMessage: string,
	id: string,
	limits: ToolRunLimits,
): AsyncGenerator<TurnEvent, ToolCallRecord | null, undefined> {
	const input = { query: queryOf(userMessage) };
	yield { type: "tool-started", id, name: SEARCH_TOOL, input };
	const run = await runToolCall(execute, SEARCH_TOOL, input, limits);
	const result = run.kind === "stopped" ? STOPPED_CALL : run.result;
	yield { type: "tool-finished", id, name: SEARCH_TOOL, result };
	return run.kind === "stopped" ? null : { id, name: SEARCH_TOOL, input, result };
}

/**
 * The grounded turn as the conversation and the transcript keep it: the search as the call the
 * model would have made, with its result, between the user's message and the answer. A model
 * without tools is sent the conversation's text only (`textOnlyMessages`), so the call costs it nothing.
 */
export function withGroundingSearch(result: TurnResult, search: ToolCallRecord): TurnResult {
	const [question, ...answer] = result.messages;
	const messages: ChatMessage[] = [
		question,
		{ role: "assistant", content: [{ type: "tool_use", id: search.id, name: search.name, input: search.input }] },
		{ role: "user", content: [toolResultBlock(search.id, search.result)] },
		...answer,
	];
	const earlier = result.conversation.slice(0, result.conversation.length - result.messages.length);
	return { ...result, messages, conversation: [...earlier, ...messages], toolCalls: [search, ...result.toolCalls] };
}

/** The user's message as the search's query, within the tool's limit (never halving a character). */
function queryOf(userMessage: string): string {
	if (userMessage.length <= MAX_QUERY_CHARS) return userMessage;
	const cut = userMessage.slice(0, MAX_QUERY_CHARS);
	return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
