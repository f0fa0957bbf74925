import type { EditProposal } from "../../edits/editProposal";
import type { UndoableWrite } from "../../memory/undoWrite";
import type { Checkpoint } from "../../workspace/data/state";
import type { IdentityFile } from "./identityFiles";
import type { SearchAnswer } from "./searchMemories";

/**
 * What the plugin does with a result beyond linking the notes it names (`ToolResult.display`).
 * Writes the user must see: the chip of any tool says what it did; these say more, because the
 * user asked to be told (identity edits are announced with a diff and an undo, never silent;
 * long-term memory appends are shown) or because the plugin acts on them (the checkpoint becomes
 * the resume banner). And a search's answer, which the offline model answers from.
 */
export type ToolDisplay =
	LongTermAppendDisplay | CheckpointDisplay | IdentityDiffDisplay | SearchAnswerDisplay | EditProposalDisplay;

/** What `memory_search` found, as data: the notes, their passages, the best line, the linked notes. */
export interface SearchAnswerDisplay {
	readonly kind: "search-answer";
	readonly answer: SearchAnswer;
}

/** The search answer a tool result's data holds (`ToolResultBlock.data`), or `null` when it holds none. */
export function searchAnswerIn(data: unknown): SearchAnswer | null {
	// The data comes from the plugin's own loop: its kind says what it is.
	const display = typeof data === "object" && data !== null && "kind" in data ? (data as ToolDisplay) : null;
	return display?.kind === "search-answer" ? display.answer : null;
}

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

/**
 * Changes to the user's text the assistant proposes (`note_edit`): nothing is written until the
 * user accepts hunks on the card, which applies them only while the note is still the proposal's base.
 */
export interface EditProposalDisplay {
	readonly kind: "edit-proposal";
	readonly proposal: EditProposal;
}
