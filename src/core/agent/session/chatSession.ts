import { localTimestamp } from "../../memory/dailyDates";
import { afterMemoryFlush, FRESH_CONVERSATION, MEMORY_FLUSH_PROMPT, type ConversationState } from "../context";
import { turnStarts, userTextMessage } from "../context/conversationTurns";
import {
	runTurn,
	type PreparedRequest,
	type ToolCallRecord,
	type TurnDeps,
	type TurnEvent,
	type TurnLimits,
	type TurnResult,
} from "../loop";
import { addTurnUsage } from "../loop/usage";
import type { ChatMessage, ModelClient, ToolDefinition } from "../../model/modelClient";
import { ASSISTANT_TOOLS, runTool, toolDefinitionOf, toolEffectIn, type WriteToolDeps } from "../tools";
import { saveTranscriptTurn, type TranscriptDeps } from "../transcript";
import { localToday } from "../../memory/dailyDates";
import type { TaskScheduler } from "../../ports";
import { CheckpointMoments, savedCheckpoint, type CheckpointDraft, type CheckpointReason } from "./checkpointMoments";
import { sessionRequestBuilder, type ContextNotes } from "./sessionContext";

/**
 * What one turn works over (a chat message, the heartbeat, a command running a tool), as the
 * host has it when the turn starts (the key, the model and the settings may have changed since
 * the last one): the model, the tools' world (vault, metadata, search index, audited writer,
 * clock) and where transcripts go.
 */
export interface TurnPorts {
	readonly model: ModelClient;
	/** The model id sent with each request and recorded in the transcript. */
	readonly modelId: string;
	readonly tools: WriteToolDeps;
	/** The host's timers, for the tools' timeout. */
	readonly delay: TaskScheduler["delay"];
	/** Where the transcript is saved after each turn; `null` keeps no transcript. */
	readonly transcript: TranscriptDeps | null;
	readonly limits?: Partial<TurnLimits>;
	readonly contextWindowTokens?: number;
	/** Hot memory's cap from the user's settings. */
	readonly hotMemoryCapTokens?: number;
	/** What is known of whether the model can call tools; absent, it can (Claude). */
	readonly toolSupport?: ToolSupport;
}

/**
 * Whether the model may be offered tools, as the host remembers it per model until its settings
 * change: a compatible server's model that refused tools, or sent a tool call that could not be
 * read, is answered from a search of the notes instead (`tools-off`).
 */
export interface ToolSupport {
	/** The model was found unable to call tools: offer none, ground the answer in a search. */
	readonly toolsOff: boolean;
	/** The model just failed at tools: remember it for this model. */
	toolsFailed(): Promise<void>;
}

/**
 * The session's own events, besides the loop's: the memory flush it ran before compacting the
 * conversation (its tool calls, and the daily note they wrote to, `null` when they wrote none),
 * where the turn was saved or why it could not be, and, after a turn at a checkpoint moment that
 * saved no checkpoint (the offline model saves none), the checkpoint to offer the user.
 */
export type SessionEvent =
	| TurnEvent
	| {
			readonly type: "memory-flushed";
			readonly toolCalls: readonly ToolCallRecord[];
			readonly dailyNotePath: string | null;
	  }
	/**
	 * The turn runs without tools, its answer grounded in a search of the notes: the model cannot
	 * call tools. `retried`: an answer with tools was tried first and failed, and what it showed is replaced.
	 */
	| { readonly type: "tools-off"; readonly retried: boolean }
	| { readonly type: "checkpoint-suggested"; readonly reason: CheckpointReason; readonly draft: CheckpointDraft }
	| { readonly type: "saved"; readonly path: string }
	| { readonly type: "save-failed"; readonly error: unknown };

/** The tools offered to the model, as the request declares them. */
export const OFFERED_TOOLS: readonly ToolDefinition[] = [...ASSISTANT_TOOLS.values()].map(toolDefinitionOf);

/** A memory flush may only write to memory. */
const FLUSH_TOOLS = OFFERED_TOOLS.filter((tool) => tool.name === "memory_append");

/**
 * One conversation with the assistant, as the chat pane and the command line hold it: each
 * `send` runs a turn of the loop over the context the vault gives (identity, memory, the notes
 * the user put in), keeps the conversation for the next turn and saves the transcript. Near the
 * model's context window the conversation is compacted, and before that the session asks the
 * model, once, to flush what is worth keeping to today's daily memory.
 * Pure over its ports: the same session runs in Obsidian, on disk and in tests.
 */
export class ChatSession {
	private messages: readonly ChatMessage[] = [];
	private compaction: ConversationState = FRESH_CONVERSATION;
	private transcript: string | null = null;
	private last: LastMessage | null = null;
	/** What the heartbeat said in this chat, for every later turn's context. */
	private heartbeats: { readonly at: string; readonly text: string }[] = [];
	/** The count towards the next checkpoint moment. */
	private moments = new CheckpointMoments();

	constructor(
		private readonly ports: () => TurnPorts | Promise<TurnPorts>,
		private readonly clock: { now(): Date },
	) {}

	/** Every message so far, as the next turn will send them. */
	get conversation(): readonly ChatMessage[] {
		return this.messages;
	}

	/** The transcript of this chat, once its first turn was saved. */
	get transcriptPath(): string | null {
		return this.transcript;
	}

	/** Whether there is a last message that `retry` can send again. */
	get canRetry(): boolean {
		return this.last !== null;
	}

	/** The last message the user sent, which `retry` sends again; `null` before the first. */
	get lastMessage(): string | null {
		return this.last?.text ?? null;
	}

	/** Forgets the conversation: the next message starts a new chat, in a new transcript. */
	newChat(): void {
		this.continueChat([], null);
	}

	/** The heartbeat spoke in this chat: the turns after it know what it said. */
	heartbeatShown(text: string): void {
		this.heartbeats.push({ at: localTimestamp(this.clock), text });
	}

	/**
	 * Goes on with a saved chat as if its turns had been sent in this session: `conversation` is
	 * what the next turn follows (compacted, once long, like any other), `transcriptPath` where
	 * its turns are saved, and its last message is the one `retry` sends again.
	 */
	continueChat(conversation: readonly ChatMessage[], transcriptPath: string | null): void {
		this.messages = conversation;
		this.heartbeats = [];
		this.moments = new CheckpointMoments();
		this.compaction = FRESH_CONVERSATION;
		this.transcript = transcriptPath;
		this.last = lastMessageOf(conversation);
	}

	/** The user saved a checkpoint outside a turn (the one offered at a moment): the count towards the next moment starts again. */
	checkpointSaved(): void {
		this.moments.saved();
	}

	/** The transcript was renamed or moved: the next turns are saved at `path`. */
	transcriptMoved(path: string): void {
		this.transcript = path;
	}

	/**
	 * Sends `text` and yields the turn's events as they happen, then where it was saved. The
	 * turn always ends with `done` (aborting keeps the partial answer in the conversation).
	 */
	async *send(text: string, notes: ContextNotes = {}, signal?: AbortSignal): AsyncGenerator<SessionEvent, TurnResult> {
		this.last = { text, notes, conversation: this.messages };
		return yield* this.run(text, notes, signal ?? new AbortController().signal);
	}

	/**
	 * Sends the last message again in place of its answer (which stays in the transcript). The
	 * compaction state stays: it was made for the same conversation, and its flush was done.
	 */
	async *retry(signal?: AbortSignal): AsyncGenerator<SessionEvent, TurnResult | null> {
		if (this.last === null) return null;
		this.messages = this.last.conversation;
		return yield* this.run(this.last.text, this.last.notes, signal ?? new AbortController().signal);
	}

	private async *run(text: string, notes: ContextNotes, signal: AbortSignal): AsyncGenerator<SessionEvent, TurnResult> {
		const ports = await this.ports();
		const moment = this.moments.momentOf(text);
		const prepare = sessionRequestBuilder(
			ports.tools,
			OFFERED_TOOLS,
			{ ...notes, heartbeats: this.heartbeats, checkpointMoment: moment },
			ports,
		);
		const at = this.clock.now();
		let next = await prepare(this.messages, this.compaction, text);
		let flush: TurnResult | null = null;
		if (next.conversation.decision === "flush-memory") {
			flush = yield* this.flushMemory(ports, next.request, signal);
			next = await prepare(this.messages, this.compaction, text);
		}
		this.compaction = next.conversation.nextState;
		let result: TurnResult | null = null;
		for await (const event of runTurn(
			turnDeps(ports, next.request),
			{ conversation: this.messages, userMessage: text },
			signal,
		)) {
			if (event.type === "done") {
				result = event.result;
				this.messages = result.conversation;
			}
			yield event;
		}
		if (result === null) throw new Error("The turn ended without its result.");
		const suggestion = this.checkpointSuggestion(text, moment, result);
		if (ports.transcript !== null) {
			// The flush is part of the turn's cost.
			const usage = flush === null ? result.usage : addTurnUsage(flush.usage, result.usage);
			try {
				this.transcript = await saveTranscriptTurn(ports.transcript, this.transcript, {
					result: { messages: result.messages, usage, toolCalls: result.toolCalls },
					at,
					model: ports.modelId,
				});
				yield { type: "saved", path: this.transcript };
			} catch (error) {
				yield { type: "save-failed", error };
			}
		}
		if (suggestion !== null) yield suggestion;
		return result;
	}

	/**
	 * Counts the turn towards the next checkpoint moment; at a moment whose turn saved no
	 * checkpoint, the one to offer the user. A turn stopped or failed counts for nothing: the user
	 * is still there, and will send it again.
	 */
	private checkpointSuggestion(text: string, moment: CheckpointReason | null, result: TurnResult): SessionEvent | null {
		if (result.stopReason === "aborted" || result.stopReason === "error") return null;
		this.moments.turnEnded(text, moment, result.toolCalls, (name) => toolEffectIn(ASSISTANT_TOOLS)(name) === "write");
		if (moment === null || savedCheckpoint(result.toolCalls)) return null;
		return { type: "checkpoint-suggested", reason: moment, draft: this.moments.draft() };
	}

	/**
	 * The memory flush: a turn of its own over the conversation as it stands, `MEMORY_FLUSH_PROMPT`
	 * in place of the user's message and only `memory_append` offered. Its last answer becomes the
	 * summary that stands for the turns folded next. A flush that failed or was stopped is not
	 * recorded: nothing is folded then, and the next turn asks again.
	 */
	private async *flushMemory(
		ports: TurnPorts,
		request: PreparedRequest,
		signal: AbortSignal,
	): AsyncGenerator<SessionEvent, TurnResult> {
		const flushRequest: PreparedRequest = {
			...request,
			messages: [...request.messages.slice(0, -1), userTextMessage(MEMORY_FLUSH_PROMPT)],
			tools: FLUSH_TOOLS,
		};
		let result: TurnResult | null = null;
		for await (const event of runTurn(
			turnDeps(ports, flushRequest),
			{ conversation: this.messages, userMessage: MEMORY_FLUSH_PROMPT },
			signal,
		)) {
			if (event.type === "done") result = event.result;
		}
		if (result === null) throw new Error("The memory flush ended without its result.");
		yield {
			type: "memory-flushed",
			toolCalls: result.toolCalls,
			dailyNotePath: flushedDailyNote(result.toolCalls, ports.tools),
		};
		if (result.stopReason !== "error" && result.stopReason !== "aborted") {
			this.compaction = afterMemoryFlush(this.compaction, this.messages.length, lastAnswer(result.messages));
		}
		return result;
	}
}

/** A message the user sent, as `retry` sends it again after `conversation`. */
interface LastMessage {
	readonly text: string;
	readonly notes: ContextNotes;
	readonly conversation: readonly ChatMessage[];
}

/**
 * The last message of a saved conversation, to retry: the user's words that began its last
 * turn. The notes put in context with it are not saved; its `[[links]]` are read again.
 */
function lastMessageOf(conversation: readonly ChatMessage[]): LastMessage | null {
	const start = turnStarts(conversation, 0).at(-1);
	if (start === undefined) return null;
	const text = conversation[start].content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n\n");
	return { text, notes: {}, conversation: conversation.slice(0, start) };
}

/** Today's daily note, when a memory flush wrote to it (the date is the tool's: the flush has just run). */
function flushedDailyNote(toolCalls: readonly ToolCallRecord[], tools: WriteToolDeps): string | null {
	const wroteDaily = toolCalls.some(
		(call) => call.name === "memory_append" && !call.result.isError && isDailyTarget(call.input),
	);
	return wroteDaily ? tools.daily.pathFor(localToday(tools.clock)) : null;
}

function isDailyTarget(input: unknown): boolean {
	return typeof input === "object" && input !== null && (input as { target?: unknown }).target === "daily";
}

/** The loop's dependencies for one turn over a request already prepared. */
function turnDeps(ports: TurnPorts, request: PreparedRequest): TurnDeps {
	return {
		model: ports.model,
		modelId: ports.modelId,
		prepareRequest: () => request,
		executeTool: (name, input) => runTool(name, input, ports.tools, ASSISTANT_TOOLS),
		toolEffect: toolEffectIn(ASSISTANT_TOOLS),
		delay: ports.delay,
		limits: ports.limits,
	};
}

/** The text of a turn's last message: the answer after its tool calls. */
function lastAnswer(messages: readonly ChatMessage[]): string | null {
	const last = messages[messages.length - 1];
	const text = (last?.content ?? []).flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
	return last?.role === "assistant" && text.trim() !== "" ? text : null;
}
