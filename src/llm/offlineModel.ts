import { saysLeaving } from "../core/agent/session/checkpointIntent";
import type {
	ChatMessage,
	ModelClient,
	ModelEvent,
	ModelInfo,
	ModelRequest,
	ToolResultBlock,
	ToolUseBlock,
} from "../core/model/modelClient";
import { abortedError } from "./abortedError";
import { offlineAnswer, offlineNoSearchAnswer } from "./offlineAnswer";
import type { Translate } from "./translate";

export const OFFLINE_MODEL_ID = "offline";

/** The memory tool the offline model calls; it answers from the data of its result (`offlineAnswer`). */
const SEARCH_TOOL = "memory_search";
const SEARCH_LIMIT = 5;
/** `memory_search` takes a query of at most this many characters. */
const MAX_QUERY_CHARS = 2000;
/** Longer than this, a message that says goodbye says something else too, and is searched. */
const FAREWELL_MAX_CHARS = 60;

const NO_USAGE = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

/**
 * The model used while no API key is set: honest about being offline, it answers from retrieval
 * alone. Asked a question, it calls `memory_search` with the question; given the result, it
 * replies with the line that best answers it and the notes found, cited as wikilinks; told
 * goodbye, it says goodbye (the chat then offers a checkpoint). It goes through the same turn loop, tools
 * and transcript as a real model, so `npm start` and the tests exercise all of them.
 */
export class OfflineModel implements ModelClient {
	readonly offline = true;
	/** It reads nothing: it lists the attachments a search found by name. */
	readonly readsAttachments = false;
	constructor(private readonly translate: Translate) {}

	async *stream(request: ModelRequest): AsyncGenerator<ModelEvent, void, undefined> {
		if (request.signal?.aborted === true) throw abortedError();
		const last = request.messages.at(-1);
		const result = last === undefined ? undefined : searchResultIn(last, request.messages.at(-2));
		if (result !== undefined) {
			yield* answer(offlineAnswer(result, this.translate));
			return;
		}
		const question = last?.role === "user" ? questionIn(last) : "";
		// "先走了，明天见" asks nothing of the notes: a search would only answer "no note matches".
		if (isFarewell(question)) {
			yield* answer(this.translate("offline.answer.farewell"));
			return;
		}
		if (question === "" || !request.tools.some((tool) => tool.name === SEARCH_TOOL)) {
			yield* answer(offlineNoSearchAnswer(this.translate));
			return;
		}
		const call: ToolUseBlock = {
			type: "tool_use",
			id: `toolu_offline_${toolCallCount(request.messages) + 1}`,
			name: SEARCH_TOOL,
			input: { query: capped(question), limit: SEARCH_LIMIT },
		};
		yield { type: "tool_input", id: call.id, name: call.name, partialJson: JSON.stringify(call.input) };
		yield { type: "tool_use", block: call };
		yield { type: "usage", usage: NO_USAGE };
		yield { type: "stop", reason: "tool_use" };
	}

	listModels(): Promise<ModelInfo[]> {
		return Promise.resolve([{ id: OFFLINE_MODEL_ID, displayName: this.translate("model.offline-name") }]);
	}
}

function* answer(text: string): Generator<ModelEvent> {
	yield { type: "text", text };
	yield { type: "usage", usage: NO_USAGE };
	yield { type: "stop", reason: "end_turn" };
}

/** The result of our own search call: a tool result in `last` answering a `memory_search` of `previous`. */
function searchResultIn(last: ChatMessage, previous: ChatMessage | undefined): ToolResultBlock | undefined {
	if (last.role !== "user") return undefined;
	const searchIds = new Set(
		(previous?.content ?? []).flatMap((block) =>
			block.type === "tool_use" && block.name === SEARCH_TOOL ? [block.id] : [],
		),
	);
	return last.content.find(
		(block): block is ToolResultBlock => block.type === "tool_result" && searchIds.has(block.toolUseId),
	);
}

/** The user's own words: the message's last text block, after any context attached before it. */
function questionIn(message: ChatMessage): string {
	const texts = message.content.flatMap((block) =>
		block.type === "text" && block.text.trim() !== "" ? [block.text.trim()] : [],
	);
	return texts.at(-1) ?? "";
}

/** A message that takes leave and asks nothing: short, no question mark. */
function isFarewell(text: string): boolean {
	return text.length <= FAREWELL_MAX_CHARS && !/[?？]/.test(text) && saysLeaving(text);
}

/** Ids unique in the conversation, and the same on every run. */
function toolCallCount(messages: readonly ChatMessage[]): number {
	return messages.reduce(
		(count, message) => count + message.content.filter((block) => block.type === "tool_use").length,
		0,
	);
}

/** Within the tool's limit, without splitting a surrogate pair. */
function capped(query: string): string {
	return query.length <= MAX_QUERY_CHARS ? query : query.slice(0, MAX_QUERY_CHARS).replace(/[\uD800-\uDBFF]$/, "");
}
