import { runTurn, type TurnDeps, type TurnEvent, type TurnResult } from "../../../../src/core/agent/loop";
import type { ChatMessage, ModelClient, ToolDefinition } from "../../../../src/core/model/modelClient";
import { MEMORY_TOOLS, runTool, toolEffectIn, type MemoryToolDeps } from "../../../../src/core/agent/tools";
import { DEFAULT_MODEL } from "../../../../src/llm";
import { withoutHiddenSinceRead } from "../../../../src/core/agent/session/withheldResults";
import type { FakeAnthropic } from "../../../harness/fakeAnthropic";
import { clientFor } from "../../../llm/modelFixture";

/** The memory tools as the model is offered them. */
export const MEMORY_TOOL_DEFINITIONS: readonly ToolDefinition[] = [...MEMORY_TOOLS.values()].map(
	({ name, description, inputSchema }) => ({
		name,
		description,
		inputSchema,
	}),
);

export const SYSTEM_PROMPT = "You are the assistant of this vault.";

/**
 * The loop over the real client and SDK pointed at the fake server, with a fixed system prompt,
 * the conversation sent as it is, the memory tools over `tools` and the client's waits instant.
 */
export function turnDeps(fake: FakeAnthropic, tools: MemoryToolDeps, overrides: Partial<TurnDeps> = {}): TurnDeps {
	return turnDepsOver(clientFor(fake).client, tools, overrides);
}

/** The same loop over any model client: a scripted one, or one of another host. */
export function turnDepsOver(model: ModelClient, tools: MemoryToolDeps, overrides: Partial<TurnDeps> = {}): TurnDeps {
	return {
		model,
		modelId: DEFAULT_MODEL,
		prepareRequest: (conversation, userMessage) => ({
			system: [{ text: SYSTEM_PROMPT, cacheBreakpoint: true }],
			messages: [...conversation, { role: "user", content: [{ type: "text", text: userMessage }] }],
			tools: MEMORY_TOOL_DEFINITIONS,
		}),
		executeTool: (name, input) => runTool(name, input, tools),
		withholdHidden: withoutHiddenSinceRead(tools.vault),
		toolEffect: toolEffectIn(MEMORY_TOOLS),
		delay: (callback, ms) => {
			const timer = setTimeout(callback, ms);
			return () => clearTimeout(timer);
		},
		...overrides,
	};
}

export interface TurnRun {
	readonly events: TurnEvent[];
	readonly result: TurnResult;
}

/** Runs a turn to its end; `onEvent` may act on the events as they come (stop the turn). */
export async function runToEnd(
	deps: TurnDeps,
	userMessage: string,
	options: {
		readonly conversation?: readonly ChatMessage[];
		readonly signal?: AbortSignal;
		readonly onEvent?: (event: TurnEvent) => void;
	} = {},
): Promise<TurnRun> {
	const events: TurnEvent[] = [];
	for await (const event of runTurn(
		deps,
		{ conversation: options.conversation ?? [], userMessage },
		options.signal ?? new AbortController().signal,
	)) {
		events.push(event);
		options.onEvent?.(event);
	}
	const done = events[events.length - 1];
	if (done?.type !== "done") throw new Error("A turn must end with done.");
	return { events, result: done.result };
}

/** The text deltas of a run, joined. */
export function streamedText(events: readonly TurnEvent[]): string {
	return events.map((event) => (event.type === "text" ? event.text : "")).join("");
}

/** The messages of the request bodies the fake server received, as the API got them. */
export interface SentBody {
	readonly model: string;
	readonly max_tokens: number;
	readonly system?: readonly { readonly text: string }[];
	readonly messages: readonly { readonly role: string; readonly content: readonly Record<string, unknown>[] }[];
	readonly tools?: readonly { readonly name: string }[];
}

export function sentBodies(fake: FakeAnthropic): SentBody[] {
	return fake.messageBodies as SentBody[];
}

/**
 * Whether a conversation is one the Messages API takes: roles alternate from a user message,
 * every tool call is answered by a result in the very next message, every message has content.
 */
export function isWellFormed(messages: readonly ChatMessage[]): boolean {
	return messages.every((message, index) => {
		if (message.content.length === 0) return false;
		if (message.role !== (index % 2 === 0 ? "user" : "assistant")) return false;
		const calls = message.content.flatMap((block) => (block.type === "tool_use" ? [block.id] : []));
		if (calls.length === 0) return true;
		const next = messages[index + 1];
		const answered = new Set(
			(next?.content ?? []).flatMap((block) => (block.type === "tool_result" ? [block.toolUseId] : [])),
		);
		return calls.every((id) => answered.has(id));
	});
}
