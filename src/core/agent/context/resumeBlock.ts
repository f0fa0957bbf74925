import type { Checkpoint } from "../../workspace/data/state";
import type { SystemBlock } from "../model";

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
