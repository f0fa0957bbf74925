/** Context assembly: what the turn loop calls to build each request. */
export { assembleContext, type AssembledContext, type ContextInput } from "./assembleContext";
export { DEFAULT_CONTEXT_BUDGETS, type ContextBudgets } from "../../workspace/data/contextBudgets";
export {
	afterMemoryFlush,
	afterSkippedFlush,
	FRESH_CONVERSATION,
	MEMORY_FLUSH_PROMPT,
	type CompactionDecision,
	type ConversationState,
} from "./compaction";
export type {
	ContextReport,
	ConversationReport,
	Cut,
	CutReason,
	HotMemoryReport,
	LayerName,
	LayerReport,
	LineRange,
} from "./contextReport";
export type { WeeklySummary } from "./historyBookLayer";
export { isHistoryQuestion } from "./historyIntent";
export type { IdentityNotes } from "./identityLayer";
export type { ContextSource } from "./layer";
export type { DailyNoteRef } from "./memoryHintLayer";
export type { NoteText } from "./noteExcerpt";
export type { NotesInContext } from "./notesLayer";
export { estimateTokens } from "../../text/tokenEstimate";
