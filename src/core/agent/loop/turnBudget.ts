import type { ToolEffect } from "../tools";
import type { ActionCounts, TurnBudgets } from "../turnBudgets";

/** A budget a tool call would have gone over: which count, of the answer or of the turn, and its limit. */
export interface BudgetHit {
	readonly scope: "answer" | "turn";
	readonly count: keyof ActionCounts;
	readonly limit: number;
}

const NONE: ActionCounts = { toolCalls: 0, writes: 0, notesCreated: 0, identityEdits: 0, editProposals: 0 };

/**
 * What the model has done so far in the turn and in its current answer, against the budgets.
 * Only calls that run are counted: a refused one leaves the counts as they were.
 */
export class TurnBudget {
	private turn: ActionCounts = NONE;
	private answer: ActionCounts = NONE;

	constructor(private readonly budgets: TurnBudgets) {}

	/** A new response: its answer's counts start from nothing. */
	startAnswer(): void {
		this.answer = NONE;
	}

	/** Counts a call that does `effect` and returns `null` when it may run; the budget it would exceed when not. */
	charge(effect: ToolEffect): BudgetHit | null {
		const next = (counts: ActionCounts): ActionCounts => ({
			toolCalls: counts.toolCalls + 1,
			writes: counts.writes + (effect === "read" || effect === "propose" ? 0 : 1),
			notesCreated: counts.notesCreated + (effect === "create" ? 1 : 0),
			identityEdits: counts.identityEdits + (effect === "identity" ? 1 : 0),
			editProposals: counts.editProposals + (effect === "propose" ? 1 : 0),
		});
		const answer = next(this.answer);
		const turn = next(this.turn);
		const hit = overLimit("answer", answer, this.budgets.perAnswer) ?? overLimit("turn", turn, this.budgets.perTurn);
		if (hit !== null) return hit;
		this.answer = answer;
		this.turn = turn;
		return null;
	}
}

function overLimit(scope: BudgetHit["scope"], counts: ActionCounts, limits: ActionCounts): BudgetHit | null {
	for (const count of Object.keys(limits) as (keyof ActionCounts)[]) {
		if (counts[count] > limits[count]) return { scope, count, limit: limits[count] };
	}
	return null;
}
