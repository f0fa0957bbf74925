/**
 * When the assistant saves a checkpoint without being asked: the numbers behind the
 * checkpoint moments. The rule is "more than ten exchanges, more than five files changed"; both are
 * counted since the last checkpoint of the chat (or its start), so that a long chat is checkpointed
 * every so often, not once. The other moments (the user leaving, a part of the work finished) are
 * phrases, in `session/checkpointIntent.ts`.
 * - Ten exchanges is about half an hour of work at a conversation's pace: long enough that a new
 *   chat would need a summary to pick up, short enough that not much is lost when the window closes.
 * - Five notes written (captures, annotations, memory entries, identity edits, each note counted
 *   once however often it is written) is work spread over the vault that the next session has to
 *   find again.
 */
export interface CheckpointThresholds {
	/** A moment comes with the turn after this many turns since the last checkpoint. */
	readonly turns: number;
	/** A moment comes once more than this many notes were written since the last checkpoint. */
	readonly notesWritten: number;
}

export const CHECKPOINT_THRESHOLDS: CheckpointThresholds = { turns: 10, notesWritten: 5 };
