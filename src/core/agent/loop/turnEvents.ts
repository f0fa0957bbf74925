import type { ChatMessage, ModelError, StopReason, Usage } from "../../model/modelClient";
import type { ToolResult } from "../tools";
import type { BudgetHit } from "./turnBudget";

/**
 * Why a turn ended: the model's own stop reason when it finished, or `aborted` (the user
 * stopped it), `error` (a model call failed; see `TurnResult.error`), `tool-limit` (the model
 * still called tools after the last tool round).
 */
export type TurnStopReason = StopReason | "aborted" | "error" | "tool-limit";

/** A tool call the loop ran (or answered itself: an unknown tool, a timeout), with what the model got back. */
export interface ToolCallRecord {
	readonly id: string;
	readonly name: string;
	readonly input: unknown;
	readonly result: ToolResult;
}

export interface TurnUsage {
	/** Every model call of the turn, summed. */
	readonly total: Usage;
	readonly modelCalls: number;
	/** In US dollars; `null` when the model's prices are unknown (see `pricing.ts`). */
	readonly costUsd: number | null;
	/** The model ran on a compatible server (`ModelClient.local`): no cost is counted, and the view says so. */
	readonly local?: true;
	/**
	 * Present when a model call was stopped before the API gave its final count: that call's
	 * output tokens (and so the cost) are estimated from the text that arrived.
	 */
	readonly estimated?: true;
}

export interface TurnResult {
	/** The chat after the turn: the earlier messages, then `messages`. */
	readonly conversation: readonly ChatMessage[];
	/**
	 * This turn's messages: the user's message, then the assistant's messages (text and tool
	 * calls) and the tool results, alternating. Always ends with an assistant message, so the
	 * next turn can follow; when the turn was interrupted, that message ends with a marker text
	 * block saying so (`INTERRUPTION_MARKERS`), after whatever part of the answer had arrived.
	 */
	readonly messages: readonly ChatMessage[];
	/** The answer as shown: every text delta of the turn, concatenated. */
	readonly text: string;
	readonly toolCalls: readonly ToolCallRecord[];
	readonly usage: TurnUsage;
	readonly stopReason: TurnStopReason;
	/** The failure when `stopReason` is `error`, else `null`. */
	readonly error: ModelError | null;
	/** The first budget a tool call of the turn went over (the call and the later ones like it were refused), else `null`. */
	readonly budgetHit: BudgetHit | null;
}

/**
 * What the chat view hears while a turn runs, in order. A turn always ends with one `done`,
 * whether it finished, failed (an `error` comes just before) or was stopped.
 */
export type TurnEvent =
	/** Part of the answer. Concatenated, the deltas are `TurnResult.text` (answers of successive model calls are set apart by a blank line). */
	| { readonly type: "text"; readonly text: string }
	/** A tool call is about to run (its input is complete). */
	| { readonly type: "tool-started"; readonly id: string; readonly name: string; readonly input: unknown }
	/** A tool call's result, as the model gets it; `result` carries whatever the tool adds for the view. */
	| { readonly type: "tool-finished"; readonly id: string; readonly name: string; readonly result: ToolResult }
	/** After each model call: that call's tokens, the turn's so far, and their estimated cost. */
	| { readonly type: "usage"; readonly call: Usage; readonly turn: TurnUsage }
	/**
	 * A tool call went over one of the turn's budgets and was refused: once per turn, at the
	 * first such call, for the one notice the user sees.
	 */
	| { readonly type: "budget-reached"; readonly hit: BudgetHit }
	/** The server has sent nothing yet, well past when an answer usually begins: it is loading the model. */
	| { readonly type: "waiting-for-model" }
	/** A model call failed; `partialKept` says whether part of an answer had arrived (it stays in the conversation). */
	| { readonly type: "error"; readonly error: ModelError; readonly partialKept: boolean }
	| { readonly type: "done"; readonly result: TurnResult };
