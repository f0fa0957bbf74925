/** The memory tools: what the agent loop offers the model, and what the command line runs. */
export {
	defineTool,
	parseArguments,
	toolDefinitionOf,
	type MemoryTool,
	type ToolEffect,
	type ToolInputSchema,
} from "./defineTool";
export {
	ASSISTANT_TOOLS,
	MEMORY_TOOLS,
	runTool,
	SERVED_READ_TOOLS,
	SERVED_WRITE_TOOLS,
	toolDescriber,
	toolEffectIn,
	WRITE_TOOLS,
	type ToolSet,
} from "./registry";
export { locationPhrase, type ToolDescriber, type ToolPhrase } from "./toolDescriber";
export type { NoteLocation } from "./noteLocation";
export type { MemorySearcher, MemoryToolDeps } from "./memoryToolDeps";
export type { WriteToolDeps } from "./writeToolDeps";
export type { ToolResult } from "./toolResult";
export {
	searchAnswerIn,
	type CheckpointDisplay,
	type EditProposalDisplay,
	type IdentityDiffDisplay,
	type LongTermAppendDisplay,
	type ToolDisplay,
} from "./toolDisplay";
export { IDENTITY_FILES, type IdentityFile } from "./identityFiles";
export { MAX_TOOL_OUTPUT_CHARS } from "./outputBound";
export { formatMatches, memorySearchInput, NO_MATCHES } from "./memorySearch";
export {
	searchMemories,
	type BestLine,
	type MemoryMatch,
	type MemorySearchRequest,
	type SearchAnswer,
} from "./searchMemories";
export type { LinkedNote, LinkedNotes } from "./linkedNotes";
export { PAGE_CHARS } from "./memoryGet";
