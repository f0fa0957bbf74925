import { runTurn, type TurnDeps, type TurnEvent, type TurnLimits, type TurnResult } from "../loop";
import type { ChatMessage, ModelClient, ToolDefinition } from "../model";
import { ASSISTANT_TOOLS, runTool, type WriteToolDeps } from "../tools";
import { saveTranscriptTurn, type TranscriptDeps } from "../transcript";
import type { TaskScheduler } from "../../ports";
import { sessionPrepareRequest, type ContextNotes } from "./sessionContext";

/**
 * What one turn of a chat works over, as the host has it when the user sends the message (the
 * key, the model and the settings may have changed since the last one): the model, the tools'
 * world (vault, metadata, search index, audited writer, clock) and where transcripts go.
 */
export interface ChatPorts {
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
}

/** The session's own events, after the loop's: where the turn was saved, or why it could not be. */
export type SessionEvent =
	| TurnEvent
	| { readonly type: "saved"; readonly path: string }
	| { readonly type: "save-failed"; readonly error: unknown };

/** The tools offered to the model, as the request declares them. */
export const OFFERED_TOOLS: readonly ToolDefinition[] = [...ASSISTANT_TOOLS.values()].map(({ name, description, inputSchema }) => ({
	name,
	description,
	inputSchema,
}));

/**
 * One conversation with the assistant, as the chat pane and the command line hold it: each
 * `send` runs a turn of the loop over the context the vault gives (identity, memory, the notes
 * the user put in), keeps the conversation for the next turn and saves the transcript.
 * Pure over its ports: the same session runs in Obsidian, on disk and in tests.
 */
export class ChatSession {
	private messages: readonly ChatMessage[] = [];
	private transcript: string | null = null;
	private last: { text: string; notes: ContextNotes; conversation: readonly ChatMessage[] } | null = null;

	constructor(
		private readonly ports: () => ChatPorts | Promise<ChatPorts>,
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

	/** Forgets the conversation: the next message starts a new chat, in a new transcript. */
	newChat(): void {
		this.messages = [];
		this.transcript = null;
		this.last = null;
	}

	/**
	 * Sends `text` and yields the turn's events as they happen, then where it was saved. The
	 * turn always ends with `done` (aborting keeps the partial answer in the conversation).
	 */
	async *send(text: string, notes: ContextNotes = {}, signal?: AbortSignal): AsyncGenerator<SessionEvent, TurnResult> {
		this.last = { text, notes, conversation: this.messages };
		return yield* this.run(text, notes, signal ?? new AbortController().signal);
	}

	/** Sends the last message again in place of its answer (which stays in the transcript). */
	async *retry(signal?: AbortSignal): AsyncGenerator<SessionEvent, TurnResult | null> {
		if (this.last === null) return null;
		this.messages = this.last.conversation;
		return yield* this.run(this.last.text, this.last.notes, signal ?? new AbortController().signal);
	}

	private async *run(text: string, notes: ContextNotes, signal: AbortSignal): AsyncGenerator<SessionEvent, TurnResult> {
		const ports = await this.ports();
		const deps: TurnDeps = {
			model: ports.model,
			modelId: ports.modelId,
			prepareRequest: sessionPrepareRequest(ports.tools, OFFERED_TOOLS, notes, ports.contextWindowTokens),
			executeTool: (name, input) => runTool(name, input, ports.tools, ASSISTANT_TOOLS),
			delay: ports.delay,
			limits: ports.limits,
		};
		const at = this.clock.now();
		let result: TurnResult | null = null;
		for await (const event of runTurn(deps, { conversation: this.messages, userMessage: text }, signal)) {
			if (event.type === "done") {
				result = event.result;
				this.messages = result.conversation;
			}
			yield event;
		}
		if (result === null) throw new Error("The turn ended without its result.");
		if (ports.transcript !== null) {
			try {
				this.transcript = await saveTranscriptTurn(ports.transcript, this.transcript, { result, at, model: ports.modelId });
				yield { type: "saved", path: this.transcript };
			} catch (error) {
				yield { type: "save-failed", error };
			}
		}
		return result;
	}
}
