/** The memory tools: what the agent loop offers the model, and what the command line runs. */
export { defineTool, parseArguments, toolDefinitionOf, type MemoryTool, type ToolEffect, type ToolInputSchema } from "./defineTool";
export { ASSISTANT_TOOLS, MEMORY_TOOLS, runTool, toolEffectIn, WRITE_TOOLS, type ToolSet } from "./registry";
export type { MemorySearcher, MemoryToolDeps } from "./memoryToolDeps";
export type { WriteToolDeps } from "./writeToolDeps";
export type { ToolResult } from "./toolResult";
export type { CheckpointDisplay, IdentityDiffDisplay, LongTermAppendDisplay, ToolDisplay } from "./toolDisplay";
export { IDENTITY_FILES, type IdentityFile } from "./identityFiles";
export { MAX_TOOL_OUTPUT_CHARS } from "./outputBound";
export { BEST_LINE_LABEL, formatMatches, LINKED_FROM_LABEL, LINKED_FROM_NOTE, memorySearchInput, NO_MATCHES, PASSAGE_INDENT } from "./memorySearch";
export { searchMemories, type BestLine, type MemoryMatch, type MemorySearchRequest, type SearchAnswer } from "./searchMemories";
export type { LinkedNote, LinkedNotes } from "./linkedNotes";
export { PAGE_CHARS } from "./memoryGet";
