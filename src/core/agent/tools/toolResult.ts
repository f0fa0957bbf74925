import type { AttachmentBlock } from "../../model/modelClient";
import type { NoteLocation } from "./noteLocation";
import type { ToolDisplay } from "./toolDisplay";

/**
 * What a tool gives back: for the model, plain text, and whether it is an error (the Messages
 * API's `is_error`), so that the model can correct its call instead of taking the text for an
 * answer; for the user and the plugin, the same result as data, which is never sent to the model.
 */
export interface ToolResult {
	readonly text: string;
	readonly isError: boolean;
	/**
	 * The notes, and lines of notes, the result names, in its order: what the chat links to and
	 * the transcript keeps. Absent when it names none. The chat reads these, never the text, so
	 * the text can say things its own way for the model.
	 */
	readonly locations?: readonly NoteLocation[];
	/**
	 * What the chat shows the user about a write, and what the plugin does with it (store a
	 * checkpoint, offer an undo).
	 */
	readonly display?: ToolDisplay;
	/** A file the tool read for the model as it is (an image, a PDF): sent with the text, never shown or saved. */
	readonly attachments?: readonly AttachmentBlock[];
}

/** What a result holds besides its text. */
export interface ToolResultData {
	readonly locations?: readonly NoteLocation[];
	readonly display?: ToolDisplay;
	readonly attachments?: ToolResult["attachments"];
}

export function toolText(text: string, data: ToolResultData = {}): ToolResult {
	const { locations, display, attachments } = data;
	return {
		text,
		isError: false,
		...(locations !== undefined && locations.length > 0 && { locations }),
		...(display !== undefined && { display }),
		...(attachments !== undefined && attachments.length > 0 && { attachments }),
	};
}

/** An error the model can act on; the text starts with `Error:`. */
export function toolError(message: string): ToolResult {
	return { text: `Error: ${message}`, isError: true };
}
