export { fillPrompt, usesPlaceholder, type PromptValues } from "./fillPrompt";
export {
	commandIdOf,
	listPrompts,
	MAX_PROMPTS,
	promptsMatching,
	slashCommandOf,
	type PromptEntry,
	type PromptListing,
} from "./promptList";
export {
	parsePromptNote,
	type ParsedPrompt,
	type PromptInsert,
	type PromptNote,
	type PromptProblem,
} from "./promptNote";
export {
	MAX_FILLED_CHARS,
	MAX_PROMPT_BYTES,
	preparePrompt,
	type PreparedPrompt,
	type PromptContext,
	type PromptNotice,
	type PromptRefusal,
} from "./preparePrompt";
export { promptsFolderOf, type PromptsFolder } from "./promptsFolder";
