import type { MessageKey } from "../../../i18n";
import type { BudgetHit } from "./turnBudget";

/** The notice the user gets when a turn went over one of its budgets, in their language. */
export function budgetHitMessage(
	hit: BudgetHit,
	translate: (key: MessageKey, vars?: Record<string, string | number>) => string,
): string {
	return translate(`turn-budget.${hit.scope}.${hit.count}`, { limit: hit.limit });
}
