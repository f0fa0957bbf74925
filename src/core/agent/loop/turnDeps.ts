import type { ChatMessage, ModelClient, SystemBlock, ToolDefinition } from "../model";
import type { TaskScheduler } from "../../ports";
import type { ToolResult } from "../tools";

/**
 * A turn's request before the loop adds to it: the system prompt, the conversation as sent
 * (compacted, ending with the user's message) and the tools offered. Context assembly makes it;
 * the loop only appends this turn's answers and tool results.
 */
export interface PreparedRequest {
	readonly system: readonly SystemBlock[];
	readonly messages: readonly ChatMessage[];
	readonly tools: readonly ToolDefinition[];
}

/** Builds the request for `userMessage` after `conversation` (every earlier message, as the chat keeps them). */
export type PrepareRequest = (conversation: readonly ChatMessage[], userMessage: string) => PreparedRequest | Promise<PreparedRequest>;

/**
 * Runs a tool the model called, by name (the registry's `runTool` with its dependencies bound).
 * Only tools the prepared request offered reach it.
 */
export type ExecuteTool = (name: string, input: unknown) => Promise<ToolResult>;

export interface TurnLimits {
	/** Rounds of tool calls in one turn; after the last, the model is asked to answer without tools. */
	readonly maxToolRounds: number;
	/** A tool still running after this long is abandoned, and the model gets an error result. */
	readonly toolTimeoutMs: number;
	/** The answer's length limit of each model call (`max_tokens`). */
	readonly maxOutputTokens: number;
}

export const DEFAULT_TURN_LIMITS: TurnLimits = { maxToolRounds: 8, toolTimeoutMs: 15_000, maxOutputTokens: 8192 };

export interface TurnDeps {
	readonly model: ModelClient;
	/** The model id sent with each request, and the row of the price table. */
	readonly modelId: string;
	readonly prepareRequest: PrepareRequest;
	readonly executeTool: ExecuteTool;
	/** The host's timers, for the tools' timeout. */
	readonly delay: TaskScheduler["delay"];
	readonly limits?: Partial<TurnLimits>;
}

export interface TurnInput {
	/** Every message of the chat before this turn (what `TurnResult.conversation` returned last time). */
	readonly conversation: readonly ChatMessage[];
	/** What the user typed. */
	readonly userMessage: string;
}
