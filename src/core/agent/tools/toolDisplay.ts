import type { UndoableWrite } from "../../memory/undoWrite";
import type { Checkpoint } from "../../workspace/data/state";
import type { IdentityFile } from "./identityFiles";

/**
 * Writes the user must see, as data for the chat (`ToolResult.display`): the chip of any tool
 * says what it did; these say more, because the user asked to be told (identity edits
 * are announced with a diff and an undo, never silent; long-term memory appends are shown) or
 * because the plugin acts on them (the checkpoint becomes the resume banner).
 */
export type ToolDisplay = LongTermAppendDisplay | CheckpointDisplay | IdentityDiffDisplay;

/** A stable fact appended to long-term memory, shown as written. */
export interface LongTermAppendDisplay {
	readonly kind: "longterm-append";
	readonly path: string;
	/** The entry as it now stands in the file. */
	readonly text: string;
}

/**
 * A checkpoint saved in today's daily memory (`path`). The plugin stores `checkpoint` as
 * `state.lastCheckpoint`, which the next chat's resume banner shows.
 */
export interface CheckpointDisplay {
	readonly kind: "checkpoint";
	readonly path: string;
	readonly checkpoint: Checkpoint;
}

/**
 * An identity file changed: the diff to show, and what undoing it takes (`undoWrite(undo, ...)`,
 * which puts `before` back only while the file is still `after`). The chat keeps the payload with
 * the message, so the undo works for as long as the conversation is open or reopened.
 */
export interface IdentityDiffDisplay {
	readonly kind: "identity-diff";
	readonly file: IdentityFile;
	readonly path: string;
	readonly reason: string;
	readonly before: string;
	readonly after: string;
	readonly undo: UndoableWrite;
}
