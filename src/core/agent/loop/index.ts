/** The turn loop: what the chat view and the command line run for each message. */
export { runTurn } from "./runTurn";
export {
	DEFAULT_TURN_LIMITS,
	type ExecuteTool,
	type PreparedRequest,
	type PrepareRequest,
	type TurnDeps,
	type TurnInput,
	type TurnLimits,
	type WithholdHidden,
} from "./turnDeps";
export type { ToolCallRecord, TurnEvent, TurnResult, TurnStopReason, TurnUsage } from "./turnEvents";
export { INTERRUPTION_MARKERS } from "./loopNotices";
export { toolResultBlock } from "./turnMessages";
export type { BudgetHit } from "./turnBudget";
export { budgetHitMessage } from "./budgetHitMessage";
