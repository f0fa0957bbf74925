import type { Checkpoint } from "../../workspace/data/state";
import { namesWithheld, type NamesView } from "../../vault/hiddenNames";

/**
 * The checkpoint a chat resumes from, without what names a note the view hides now: such
 * references are left out, and its text is read as every derived text is (`withoutHiddenNames`).
 * A checkpoint outlives the rules it was saved under: a note it names may have been made private
 * since (or the user named one in the checkpoint they completed). References to pages, and to
 * notes not written yet, stay.
 */
export function withoutHiddenRefs(checkpoint: Checkpoint, vault: NamesView): Checkpoint {
	const scrubbed = namesWithheld(vault);
	return {
		...checkpoint,
		doing: scrubbed(checkpoint.doing),
		nextAction: scrubbed(checkpoint.nextAction),
		...(checkpoint.notes === undefined ? {} : { notes: scrubbed(checkpoint.notes) }),
		// A reference is a line of its own: one that names a hidden note in any way is left out whole.
		...(checkpoint.refs === undefined ? {} : { refs: checkpoint.refs.filter((ref) => scrubbed(ref) === ref) }),
	};
}
