import type { Checkpoint } from "../../workspace/data/state";
import type { SystemBlock } from "../model";

/** Blocks a chat session adds after the assembled context: what the heartbeat said in it, and the checkpoint it resumes from. */

/**
 * What the heartbeat said in this chat, for the turns that follow it: the user may answer it
 * ("yes, remind me at 5"), and the model must know what they answer. Heartbeat messages are shown
 * apart from the conversation, so they reach the model only this way.
 */
export function heartbeatBlock(messages: readonly { readonly at: string; readonly text: string }[]): SystemBlock {
	const lines = ["<heartbeat-messages>", "Earlier in this chat, your heartbeat told the user (newest last); the user may be answering it:"];
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
