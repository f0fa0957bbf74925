import { TURN_BUDGETS } from "../agent/turnBudgets";
import type { ToolEffect } from "../agent/tools";

/** How many requests one client session may make in any `windowMs`, and how many of them may write. */
export interface CallLimits {
	readonly windowMs: number;
	/** Tool calls, resource reads and prompts together. */
	readonly calls: number;
	/** Tool calls that change the vault. */
	readonly writes: number;
	/** Tool calls that create a note. */
	readonly notesCreated: number;
}

/**
 * A client has no turns the chat's budgets could count in, so its calls are counted over a
 * sliding minute instead. An agent doing honest work makes a few calls per step and a step takes
 * seconds: 60 a minute leaves it room, while a client in a loop (or following an instruction
 * planted in a note) is held to a bounded rate. Writes and new notes per minute are what the chat
 * allows in one turn (`TURN_BUDGETS.perTurn`): a minute of a client is at most a turn of the chat.
 */
export const MCP_CALL_LIMITS: CallLimits = {
	windowMs: 60_000,
	calls: 60,
	writes: TURN_BUDGETS.perTurn.writes,
	notesCreated: TURN_BUDGETS.perTurn.notesCreated,
};

/**
 * What one host (one process) lets all its client sessions do together in a window. Over HTTP a
 * new session costs one request, so a client in a loop could open one before each call and
 * never meet its session's budget; this ceiling holds whatever it does. It leaves room for a few
 * honest clients at once (four sessions' calls, two chat turns' writes), and no more.
 */
export const MCP_HOST_LIMITS: CallLimits = {
	windowMs: MCP_CALL_LIMITS.windowMs,
	calls: 4 * MCP_CALL_LIMITS.calls,
	writes: 2 * MCP_CALL_LIMITS.writes,
	notesCreated: 2 * MCP_CALL_LIMITS.notesCreated,
};

/** Whose requests a budget counts, as its refusal words it. */
export type BudgetScope = "client" | "host";

/** A request refused, with the words the client's model reads (an MCP error result). */
export interface BudgetRefusal {
	readonly message: string;
}

/**
 * One client session's count of requests over the last `windowMs`; `take` counts a request
 * when it is let through, so that a refused request costs nothing and a client that waits is let
 * through again.
 */
export class CallBudget {
	private readonly taken: { readonly at: number; readonly effect: ToolEffect }[] = [];

	constructor(
		private readonly now: () => number,
		private readonly limits: CallLimits = MCP_CALL_LIMITS,
		private readonly scope: BudgetScope = "client",
	) {}

	/** Counts a request of `effect` (`read` for resources and prompts) or says why it is refused. */
	take(effect: ToolEffect): BudgetRefusal | null {
		return CallBudget.takeAll([this], effect);
	}

	/**
	 * Counts a request in every budget, or in none when one of them refuses it: a request the
	 * host refuses must not use up its session's budget, nor the other way round.
	 */
	static takeAll(budgets: readonly CallBudget[], effect: ToolEffect): BudgetRefusal | null {
		for (const budget of budgets) {
			const refused = budget.refusal(effect);
			if (refused !== null) return refused;
		}
		for (const budget of budgets) budget.taken.push({ at: budget.now(), effect });
		return null;
	}

	private refusal(effect: ToolEffect): BudgetRefusal | null {
		const now = this.now();
		while (this.taken.length > 0 && this.taken[0].at <= now - this.limits.windowMs) this.taken.shift();
		const seconds = Math.round(this.limits.windowMs / 1000);
		const from = this.scope === "client" ? "from one client" : "from all its clients together";
		if (this.taken.length >= this.limits.calls)
			return refusal(`at most ${this.limits.calls} calls in ${seconds} seconds ${from}`, seconds);
		if (isWrite(effect) && this.taken.filter((call) => isWrite(call.effect)).length >= this.limits.writes)
			return refusal(`at most ${this.limits.writes} writes in ${seconds} seconds ${from}`, seconds);
		if (effect === "create" && this.taken.filter((call) => call.effect === "create").length >= this.limits.notesCreated)
			return refusal(`at most ${this.limits.notesCreated} new notes in ${seconds} seconds ${from}`, seconds);
		return null;
	}
}

function isWrite(effect: ToolEffect): boolean {
	return effect === "write" || effect === "create" || effect === "identity";
}

function refusal(limit: string, seconds: number): BudgetRefusal {
	return {
		message: `too many calls: this workspace takes ${limit}. Nothing was done; wait up to ${seconds} seconds before calling again, and call only what the task needs.`,
	};
}
