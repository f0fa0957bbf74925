import type { Checkpoint } from "../../workspace/data/state";
import { CHECKPOINT_THRESHOLDS, type CheckpointThresholds } from "../checkpointMoments";
import type { SystemBlock } from "../../model/modelClient";
import type { CheckpointReason } from "../session/checkpointMoments";

/** Blocks a chat session adds after the assembled context: what the heartbeat said in it, the checkpoint it resumes from, a checkpoint moment. */

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
