import type { ModelFeature } from "../../model/modelFeature";
import type { AttachmentBlock, ChatMessage, ModelClient, SystemBlock, ToolDefinition } from "../../model/modelClient";
import type { TaskScheduler } from "../../ports";
import type { ContextSource } from "../context";
import type { ToolEffect, ToolResult } from "../tools";
import { TURN_BUDGETS, type TurnBudgets } from "../turnBudgets";
import type { ToolCallRecord } from "./turnEvents";

/**
 * A turn's request before the loop adds to it: the system prompt, the conversation as sent
 * (compacted, ending with the user's message) and the tools offered. Context assembly makes it;
 * the loop only appends this turn's answers and tool results.
 */
export interface PreparedRequest {
	readonly system: readonly SystemBlock[];
	readonly messages: readonly ChatMessage[];
	readonly tools: readonly ToolDefinition[];
	/** The vault paths of the notes whose text `system` holds, for the receipts. */
	readonly notes?: readonly string[];
	/**
	 * What of `system` and of the user's message came from notes, each as placed: every note of
	 * `notes` has its sources, withheld once it turns private.
	 */
	readonly sources?: readonly ContextSource[];
}

/** Builds the request for `userMessage` after `conversation` (every earlier message, as the chat keeps them). */
export type PrepareRequest = (
	conversation: readonly ChatMessage[],
	userMessage: string,
) => PreparedRequest | Promise<PreparedRequest>;

/**
 * Runs a tool the model called, by name (the registry's `runTool` with its dependencies bound).
 * Only tools the prepared request offered reach it.
 */
export type ExecuteTool = (name: string, input: unknown) => Promise<ToolResult>;

/**
 * The system prompt and the messages of a request as they may be sent now, asked before every
 * model request of the turn: a note whose text the request carries (`request.sources`), or a note or
 * file a tool read in an earlier round, may have turned private since (marked, tagged, moved, or
 * the only note embedding it hidden). `toolCalls`: the turn's calls so far. `notes` names what the
 * request still carries, for its receipt: a note it withheld is not among them.
 */
export type WithholdHidden = (
	request: PreparedRequest,
	toolCalls: readonly ToolCallRecord[],
) => Pick<PreparedRequest, "system" | "messages" | "notes">;

export interface TurnLimits {
	/** Rounds of tool calls in one turn; after the last, the model is asked to answer without tools. */
	readonly maxToolRounds: number;
	/** A tool still running after this long is abandoned, and the model gets an error result. */
	readonly toolTimeoutMs: number;
	/** The answer's length limit of each model call (`max_tokens`). */
	readonly maxOutputTokens: number;
	/**
	 * The whole turn, every model call and tool call included: past it, the turn is stopped with
	 * what arrived, and fails with a `time-limit` error.
	 */
	readonly maxTurnMs: number;
	/** How many tool calls, writes, new notes and identity edits an answer and the turn may make. */
	readonly budgets: TurnBudgets;
}

/**
 * Ten minutes is far longer than any honest turn (eight tool rounds of a few seconds each and
 * answers that stream for a minute at most) and still ends a turn the user has walked away from.
 */
export const DEFAULT_TURN_LIMITS: TurnLimits = {
	maxToolRounds: 8,
	toolTimeoutMs: 15_000,
	maxOutputTokens: 8192,
	maxTurnMs: 600_000,
	budgets: TURN_BUDGETS,
};

export interface TurnDeps {
	readonly model: ModelClient;
	/** The model id sent with each request, and the row of the price table. */
	readonly modelId: string;
	readonly prepareRequest: PrepareRequest;
	readonly executeTool: ExecuteTool;
	readonly withholdHidden: WithholdHidden;
	/** What a tool does, by name (`toolEffectIn` the set `executeTool` runs), for the budgets. */
	readonly toolEffect: (name: string) => ToolEffect;
	/** The host's timers, for the tools' timeout and the turn's time limit. */
	readonly delay: TaskScheduler["delay"];
	readonly limits?: Partial<TurnLimits>;
	/** What the turn is for, as its requests' receipts say: `chat` when absent. */
	readonly feature?: ModelFeature;
}

export interface TurnInput {
	/** Every message of the chat before this turn (what `TurnResult.conversation` returned last time). */
	readonly conversation: readonly ChatMessage[];
	/** What the user typed. */
	readonly userMessage: string;
	/** The files the user attached (images, PDFs), before the text in the message, as the request sends them. */
	readonly attachments?: readonly AttachmentBlock[];
}
