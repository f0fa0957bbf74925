import { toolError, type ToolResult } from "../tools/toolResult";
import type { BudgetHit } from "./turnBudget";

/**
 * What the loop itself says to the model, in the conversation it keeps: markers at the end of
 * an interrupted answer (the model reads them next turn, the transcript shows them) and the
 * results of tool calls it did not run. In English, like every other instruction to the model.
 */

export const INTERRUPTION_MARKERS = {
	aborted: "[Stopped by the user.]",
	/** After the model still called tools once the turn's rounds were used up. */
	toolLimit: (rounds: number) => `[Stopped: this turn used all ${rounds} of its tool rounds.]`,
	failed: (kind: string) => `[Interrupted: the model call failed (${kind}).]`,
	/** After the turn ran past its overall time limit. */
	timeLimit: (ms: number) => `[Stopped: this turn ran past its time limit of ${ms / 1000} s.]`,
	/** A response with neither text nor tool calls: the conversation still needs an assistant message. */
	empty: "[No answer.]",
} as const;

/** Added to the results of the last tool round, so the model answers with what it has. */
export function lastRoundNotice(rounds: number): string {
	return `That was the last of this turn's ${rounds} tool rounds: answer now with what you have, without calling tools.`;
}

/** A call the user's stop left unfinished, or never started. */
export const STOPPED_CALL = toolError("the user stopped the turn before this call finished.");

/** The model still called tools after the last tool round: the calls are answered, not run. */
export function overLimitResult(rounds: number): ToolResult {
	return toolError(`not run: this turn already used its ${rounds} tool rounds.`);
}

export function unknownToolResult(name: string, offered: readonly string[]): ToolResult {
	return toolError(`there is no tool named "${name}". Tools: ${offered.join(", ")}.`);
}

export function timedOutResult(name: string, timeoutMs: number): ToolResult {
	return toolError(`${name} did not finish within ${timeoutMs / 1000} s and was abandoned.`);
}

/** A call cut by the output limit (`max_tokens`) has incomplete input: it is not run. */
export const CUT_OFF_CALL = toolError(
	"not run: the output limit cut this call off, so its input is incomplete. Call it again with shorter input.",
);

const BUDGET_NAMES: Readonly<Record<BudgetHit["count"], string>> = {
	toolCalls: "tool calls",
	writes: "writes",
	notesCreated: "notes created",
	identityEdits: "identity file edits",
	editProposals: "edit proposals",
};

/** A call over one of the turn's budgets: not run, and the model is asked to answer with what it has. */
export function overBudgetResult(hit: BudgetHit): ToolResult {
	return toolError(
		`not run: the limit of ${hit.limit} ${BUDGET_NAMES[hit.count]} per ${hit.scope === "answer" ? "answer" : "turn"} is reached. Call no more tools of this kind in this turn; answer the user now with what you have, and say what was left undone.`,
	);
}
