/**
 * What a tool gives back to the model: plain text, and whether it is an error (the Messages API's
 * `is_error`), so that the model can correct its call instead of taking the text for an answer.
 */
export interface ToolResult {
	readonly text: string;
	readonly isError: boolean;
}

export function toolText(text: string): ToolResult {
	return { text, isError: false };
}

/** An error the model can act on; the text starts with `Error:`. */
export function toolError(message: string): ToolResult {
	return { text: `Error: ${message}`, isError: true };
}
