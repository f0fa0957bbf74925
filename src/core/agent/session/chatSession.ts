import { localTimestamp, localToday } from "../../memory/dailyDates";
import type { AttachmentBlock, ChatMessage } from "../../model/modelClient";
import {
	afterMemoryFlush,
	afterSkippedFlush,
	FRESH_CONVERSATION,
	MEMORY_FLUSH_PROMPT,
	type ConversationState,
} from "../context";
import { turnStarts, userTextMessage } from "../context/conversationTurns";
import {
	DEFAULT_TURN_LIMITS,
	runTurn,
	type ToolCallRecord,
	type TurnEvent,
	type TurnResult,
	type TurnUsage,
} from "../loop";
import { addTurnUsage } from "../loop/usage";
import { ASSISTANT_TOOLS, toolEffectIn, type WriteToolDeps } from "../tools";
import { saveTranscriptTurn } from "../transcript";
import { CheckpointMoments, savedCheckpoint, type CheckpointDraft, type CheckpointReason } from "./checkpointMoments";
import { groundingSearch, groundingSearchId, withGroundingSearch } from "./groundedTurn";
import { sessionRequestBuilder, type ContextNotes, type SessionRequest } from "./sessionContext";
import { executeToolOf, OFFERED_TOOLS, sizesOf, toolsFit, turnDeps, type TurnPorts } from "./turnPorts";
import { readUserAttachments, type RefusedAttachment } from "./userAttachments";
import { notesNamedBy } from "./withheldResults";

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
	/** Files the user attached that were not sent, each with why (private, too large, a model that reads none). */
	| { readonly type: "attachments-refused"; readonly refused: readonly RefusedAttachment[] }
	| { readonly type: "saved"; readonly path: string }
	| { readonly type: "save-failed"; readonly error: unknown };

/** A memory flush may only write to memory. */
const FLUSH_TOOLS = OFFERED_TOOLS.filter((tool) => tool.name === "memory_append");

/**
 * One conversation with the assistant, as the chat pane and the command line hold it: each
 * `send` runs a turn of the loop over the context the vault gives (identity, memory, the notes
 * the user put in), keeps the conversation for the next turn and saves the transcript. Near the
 * model's context window the conversation is compacted, and before that the session asks the
 * model, once, to flush what is worth keeping to today's daily memory.
 * A model that cannot call tools (the host remembers it, or its window is too small for them)
 * answers from a search of the notes made for each message (`tools-off`); one found unable in
 * the middle of a turn is answered so in that turn's place.
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
	/**
	 * The notes the tool results of `messages` name, checked before every request: one moved into
	 * a private folder since is hidden at a path no result names.
	 */
	private named = new Set<string>();

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
		// A saved chat keeps no tool results.
		this.named = new Set();
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
	 * Sends the last message again in place of its answer (which stays in the transcript), over
	 * the ports as they are now: after a model was found unable to call tools, the retry answers
	 * from a search, and after the settings changed, it tries the tools again. The compaction
	 * state stays: it was made for the same conversation, and its flush was done.
	 */
	async *retry(signal?: AbortSignal): AsyncGenerator<SessionEvent, TurnResult | null> {
		if (this.last === null) return null;
		this.messages = this.last.conversation;
		return yield* this.run(this.last.text, this.last.notes, signal ?? new AbortController().signal);
	}

	private async *run(text: string, notes: ContextNotes, signal: AbortSignal): AsyncGenerator<SessionEvent, TurnResult> {
		const ports = await this.ports();
		const moment = this.moments.momentOf(text);
		// Read once for the turn: the request and the conversation kept after it hold the same blocks.
		const attached = await readUserAttachments(
			notes.attachments ?? [],
			ports.tools,
			ports.model.readsAttachments === true,
		);
		if (attached.refused.length > 0) yield { type: "attachments-refused", refused: attached.refused };
		const turn: TurnRequest = {
			text,
			notes: { ...notes, heartbeats: this.heartbeats, checkpointMoment: moment },
			attachments: attached.blocks,
			signal,
		};
		const at = this.clock.now();
		let ran: SessionTurn;
		if (ports.withoutTools === true) ran = yield* this.turnWithoutTools(ports, turn, "talk");
		else if (ports.toolSupport?.toolsOff === true || !toolsFit(ports, at)) {
			yield { type: "tools-off", retried: false };
			ran = yield* this.turnWithoutTools(ports, turn, "grounded");
		} else {
			const before = { messages: this.messages, compaction: this.compaction };
			const attempt = yield* this.turnWithTools(ports, turn);
			if (attempt.kind === "ran") ran = attempt.turn;
			else {
				// The model cannot call tools: it is remembered, and the turn answered from a search
				// in its place. Nothing of the attempt stays in the conversation; its tokens count.
				await ports.toolSupport?.toolsFailed();
				this.messages = before.messages;
				this.compaction = before.compaction;
				yield { type: "tools-off", retried: true };
				const grounded = yield* this.turnWithoutTools(ports, turn, "grounded");
				ran = { ...grounded, spent: addTurnUsage(attempt.spent, grounded.spent) };
			}
		}
		const { result } = ran;
		const suggestion = this.checkpointSuggestion(text, moment, result);
		if (ports.transcript !== null) {
			try {
				this.transcript = await saveTranscriptTurn(ports.transcript, this.transcript, {
					result: { messages: result.messages, usage: ran.spent, toolCalls: result.toolCalls },
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
	 * The turn with the assistant's tools, after a memory flush when the conversation is about to
	 * be compacted. A model that turns out unable to call tools (`tools-unsupported`, in the flush
	 * or the turn) ends the attempt: its error and its end are not passed on, the caller answers
	 * the message without tools instead.
	 */
	private async *turnWithTools(unscoped: TurnPorts, turn: TurnRequest): AsyncGenerator<SessionEvent, Attempt> {
		const { selection } = turn.notes;
		// The turn's changes are confined to the selection its message was sent with, and only that turn's.
		const ports =
			selection === undefined ? unscoped : { ...unscoped, tools: { ...unscoped.tools, editSelection: selection } };
		const prepare = sessionRequestBuilder(ports.tools, OFFERED_TOOLS, turn.notes, sizesOf(ports), turn.attachments);
		let next = await prepare(this.messages, this.compaction, turn.text);
		let flush: TurnResult | null = null;
		if (next.conversation.decision === "flush-memory") {
			flush = yield* this.flushMemory(ports, next, turn.signal);
			if (toolsUnsupported(flush)) return { kind: "tools-unsupported", spent: flush.usage };
			next = await prepare(this.messages, this.compaction, turn.text);
		}
		this.compaction = next.conversation.nextState;
		let result: TurnResult | null = null;
		const input = { conversation: this.messages, userMessage: turn.text, attachments: turn.attachments };
		for await (const event of runTurn(turnDeps(ports, next, this.named), input, turn.signal)) {
			if (event.type === "error" && event.error.kind === "tools-unsupported") continue;
			if (event.type === "done") {
				result = event.result;
				if (toolsUnsupported(result)) break;
				this.kept(result);
			}
			yield event;
		}
		if (result === null) throw new Error("The turn ended without its result.");
		// The flush is part of the turn's cost.
		const spent = flush === null ? result.usage : addTurnUsage(flush.usage, result.usage);
		return toolsUnsupported(result) ? { kind: "tools-unsupported", spent } : { kind: "ran", turn: { result, spent } };
	}

	/**
	 * A turn that offers no tools: `grounded`, the turn of a model that cannot call them, first
	 * searches the notes for the message (shown as a tool call) and answers from the results;
	 * `talk` only converses. The memory flush is skipped: such a model cannot append to memory,
	 * and asking it only for a summary would cost a slow local model a whole answer before each
	 * compaction; the turns are folded all the same.
	 */
	private async *turnWithoutTools(
		ports: TurnPorts,
		turn: TurnRequest,
		kind: "grounded" | "talk",
	): AsyncGenerator<SessionEvent, SessionTurn> {
		const limits = { ...DEFAULT_TURN_LIMITS, ...ports.limits };
		const search =
			kind === "talk"
				? null
				: yield* groundingSearch(executeToolOf(ports), turn.text, groundingSearchId(this.messages.length), {
						timeoutMs: limits.toolTimeoutMs,
						delay: ports.delay,
						signal: turn.signal,
					});
		const found = (search?.result.locations ?? []).map((location) => location.path);
		const notes =
			kind === "talk"
				? turn.notes
				: { ...turn.notes, searchResults: search?.result.text ?? "", searchResultNotes: found };
		const prepare = sessionRequestBuilder(ports.tools, [], notes, sizesOf(ports), turn.attachments);
		let next = await prepare(this.messages, this.compaction, turn.text);
		if (next.conversation.decision === "flush-memory") {
			this.compaction = afterSkippedFlush(this.compaction, this.messages.length);
			next = await prepare(this.messages, this.compaction, turn.text);
		}
		this.compaction = next.conversation.nextState;
		let result: TurnResult | null = null;
		const input = { conversation: this.messages, userMessage: turn.text, attachments: turn.attachments };
		for await (const event of runTurn(turnDeps(ports, next, this.named), input, turn.signal)) {
			if (event.type === "done") {
				result = search === null ? event.result : withGroundingSearch(event.result, search);
				this.kept(result);
				yield { type: "done", result };
			} else yield event;
		}
		if (result === null) throw new Error("The turn ended without its result.");
		return { result, spent: result.usage };
	}

	/** The turn's conversation is the one the next turn follows. */
	private kept(result: TurnResult): void {
		this.messages = result.conversation;
		for (const path of notesNamedBy(result.toolCalls)) this.named.add(path);
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
		next: SessionRequest,
		signal: AbortSignal,
	): AsyncGenerator<SessionEvent, TurnResult> {
		const { request } = next;
		const flushRequest: SessionRequest = {
			...next,
			request: {
				...request,
				messages: [...request.messages.slice(0, -1), userTextMessage(MEMORY_FLUSH_PROMPT)],
				tools: FLUSH_TOOLS,
			},
		};
		let result: TurnResult | null = null;
		for await (const event of runTurn(
			turnDeps(ports, flushRequest, this.named),
			{ conversation: this.messages, userMessage: MEMORY_FLUSH_PROMPT },
			signal,
		)) {
			if (event.type === "done") result = event.result;
			// A local server loading its model before the flush: the pane says so, as for the answer.
			else if (event.type === "waiting-for-model") yield event;
		}
		if (result === null) throw new Error("The memory flush ended without its result.");
		// A model that cannot call tools is answered without them: there is nothing to report.
		if (toolsUnsupported(result)) return result;
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

/** One message's turn as the session runs it: what the user sent, with the notes its context holds. */
interface TurnRequest {
	readonly text: string;
	readonly notes: ContextNotes;
	/** The files the user attached, read. */
	readonly attachments: readonly AttachmentBlock[];
	readonly signal: AbortSignal;
}

/** A turn that ran, and what it spent in all (a memory flush, an attempt with tools that failed). */
interface SessionTurn {
	readonly result: TurnResult;
	readonly spent: TurnUsage;
}

/** How the attempt with tools went: it ran, or the model could not call tools (what it spent still counts). */
type Attempt =
	| { readonly kind: "ran"; readonly turn: SessionTurn }
	| { readonly kind: "tools-unsupported"; readonly spent: TurnUsage };

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

function toolsUnsupported(result: TurnResult): boolean {
	return result.error?.kind === "tools-unsupported";
}

/** The text of a turn's last message: the answer after its tool calls. */
function lastAnswer(messages: readonly ChatMessage[]): string | null {
	const last = messages[messages.length - 1];
	const text = (last?.content ?? []).flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
	return last?.role === "assistant" && text.trim() !== "" ? text : null;
}
