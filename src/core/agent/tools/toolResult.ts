import type { ToolDisplay } from "./toolDisplay";

/**
 * What a tool gives back to the model: plain text, and whether it is an error (the Messages API's
 * `is_error`), so that the model can correct its call instead of taking the text for an answer.
 */
export interface ToolResult {
	readonly text: string;
	readonly isError: boolean;
	/**
	 * What the chat shows the user about a write, and what the plugin does with it (store a
	 * checkpoint, offer an undo). For the user and the plugin only: never sent to the model.
	 */
	readonly display?: ToolDisplay;
}

export function toolText(text: string, display?: ToolDisplay): ToolResult {
	return display === undefined ? { text, isError: false } : { text, isError: false, display };
}

/** An error the model can act on; the text starts with `Error:`. */
export function toolError(message: string): ToolResult {
	return { text: `Error: ${message}`, isError: true };
}
