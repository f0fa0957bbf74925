import type { Checkpoint } from "../../workspace/data/state";
import { CHECKPOINT_THRESHOLDS, type CheckpointThresholds } from "../checkpointMoments";
import type { SystemBlock } from "../../model/modelClient";
import type { CheckpointReason } from "../session/checkpointMoments";
import { MAX_EDIT_TEXT_CHARS } from "../../edits/proposeEdits";
import { scopeLines, selectionScope, type NoteSelection } from "../../edits/selectionScope";
import { baseName } from "../../vault/paths";
import { tagged } from "./layerTags";

/** Blocks a chat session adds after the assembled context: what the heartbeat said in it, the checkpoint it resumes from, a checkpoint moment, the user's selection. */

/**
 * What the heartbeat said in this chat, for the turns that follow it: the user may answer it
 * ("yes, remind me at 5"), and the model must know what they answer. Heartbeat messages are shown
 * apart from the conversation, so they reach the model only this way.
 */
export function heartbeatBlock(messages: readonly { readonly at: string; readonly text: string }[]): SystemBlock {
	const lines = [
		"<heartbeat-messages>",
		"Earlier in this chat, your heartbeat told the user (newest last); the user may be answering it:",
	];
	for (const message of messages) lines.push(`- ${message.at}: ${message.text}`);
	lines.push("</heartbeat-messages>");
	return { text: lines.join("\n") };
}

/**
 * What the model is told when the user resumes from the last checkpoint: that this chat picks up
 * earlier work, and where it stood. Bounded by the checkpoint tool's own limits on each field.
 */
export function resumeBlock(checkpoint: Checkpoint): SystemBlock {
	const lines = [
		"<resume>",
		`The user is resuming earlier work from a checkpoint saved ${checkpoint.savedAt}. Pick up where it left off: greet them briefly with where things stand and the next action, and offer to start on it.`,
		`Doing: ${checkpoint.doing}`,
		`Next: ${checkpoint.nextAction}`,
		...(checkpoint.notes === undefined ? [] : [`Notes: ${checkpoint.notes}`]),
		...(checkpoint.refs === undefined || checkpoint.refs.length === 0 ? [] : [`Refs: ${checkpoint.refs.join(", ")}`]),
		"</resume>",
	];
	return { text: lines.join("\n") };
}

/**
 * What the model is told at a checkpoint moment: why this turn is one, and to save a
 * checkpoint in it without being asked. The model judges whether the words meant it ("bye" in a
 * quoted letter is no farewell); when it saves none, the user is offered one.
 */
export function checkpointMomentBlock(
	reason: CheckpointReason,
	thresholds: CheckpointThresholds = CHECKPOINT_THRESHOLDS,
): SystemBlock {
	const why: Record<CheckpointReason, string> = {
		leaving: "The user seems to be leaving.",
		finished: "The user seems to have just finished a part of the work.",
		"many-turns": `This chat has gone on for more than ${thresholds.turns} exchanges since its last checkpoint.`,
		"many-notes": `More than ${thresholds.notesWritten} notes were written in this chat since its last checkpoint.`,
	};
	const lines = [
		"<checkpoint-moment>",
		`${why[reason]} This is a checkpoint moment: unless that is not what the user meant, or nothing has moved since the last checkpoint, call the checkpoint tool in this turn (what the user is doing, the very next action, notes, references) without asking first, then say in a few words that it is saved and the next chat can resume from it.`,
		"</checkpoint-moment>",
	];
	return { text: lines.join("\n") };
}

/**
 * The text the user selected in `note` (read through the read guard) for this message: where it
 * is, what it says, and, to a model offered `note_edit` (`canPropose`), that a change proposed in
 * this turn may touch only that range. A long
 * selection is cut to what one proposed change may hold; the model reads the rest in the note.
 */
export function selectionBlock(
	note: { readonly path: string; readonly text: string },
	selection: NoteSelection,
	canPropose: boolean,
): SystemBlock {
	const scope = selectionScope(note.text, { ...selection, path: note.path });
	const where =
		scope === null
			? `in [[${baseName(note.path)}]] (it is no longer found once in the note${canPropose ? ", so no change to it can be proposed" : ""})`
			: `in [[${baseName(note.path)}]], ${formatLines(scopeLines(note.text, scope))}`;
	const text =
		selection.text.length > MAX_EDIT_TEXT_CHARS
			? `${selection.text.slice(0, MAX_EDIT_TEXT_CHARS)}\n[... the selection goes on; read the note for the rest]`
			: selection.text;
	const lines = [
		`The user selected this text ${where}; their message is about it.${canPropose ? " A change you propose with note_edit in this message may change only this selected text, in this note; the user reviews it before anything is written." : ""}`,
		"<selected-text>",
		text,
		"</selected-text>",
	];
	return { text: tagged("selection", { path: note.path }, lines.join("\n")) };
}

function formatLines({ first, last }: { readonly first: number; readonly last: number }): string {
	return first === last ? `line ${first}` : `lines ${first}-${last}`;
}
