/** What a prompt's placeholders are filled with. */
export interface PromptValues {
	/** The editor's selection, `""` without one. */
	readonly selection: string;
	/** The active note's text, `""` when there is none or the assistant may not see it. */
	readonly note: string;
	/** Today in the user's local time, `YYYY-MM-DD`. */
	readonly date: string;
}

/** `{{selection}}`, `{{note}}`, `{{date}}`, with spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*(selection|note|date)\s*\}\}/gi;

/**
 * The template with its placeholders filled in, in one pass: a value is never searched for
 * placeholders again, so a selection that says `{{note}}` stays as written and cannot pull the
 * note in. An unknown `{{name}}` is left as it is.
 */
export function fillPrompt(template: string, values: PromptValues): string {
	return template.replace(PLACEHOLDER, (_, name: string) => values[name.toLowerCase() as keyof PromptValues]);
}

/** Whether the template asks for `name`, so that nothing is read for a placeholder it does not use. */
export function usesPlaceholder(template: string, name: keyof PromptValues): boolean {
	return [...template.matchAll(PLACEHOLDER)].some((match) => match[1].toLowerCase() === name);
}
