import { CHECKPOINT_THRESHOLDS, type CheckpointThresholds } from "../checkpointMoments";
import type { ToolCallRecord } from "../loop";
import { saysFinished, saysLeaving } from "./checkpointIntent";

/**
 * Why a turn is a checkpoint moment: the user is leaving, a part of the work is
 * finished, the chat has gone on long, or many notes were written since the last checkpoint.
 */
export type CheckpointReason = "leaving" | "finished" | "many-turns" | "many-notes";

/** What the user is offered to save when the turn's model saved no checkpoint at a moment: a start they complete. */
export interface CheckpointDraft {
	/** The user's own words about the work, from the last message that was not a farewell. */
	readonly doing: string;
}

/** The longest `doing` a draft proposes; the checkpoint tool takes up to 500 characters. */
const DRAFT_CHARS = 300;

/**
 * One chat's count towards its next checkpoint moment: the turns and the notes written since the
 * last checkpoint, or since the last moment (so that a moment the model let pass does not come
 * back with every turn after it). Pure: the session feeds it each turn's message and tool calls.
 */
export class CheckpointMoments {
	private turns = 0;
	private readonly written = new Set<string>();
	private lastWork = "";

	constructor(private readonly thresholds: CheckpointThresholds = CHECKPOINT_THRESHOLDS) {}

	/** Whether the turn of `userMessage` is a checkpoint moment, and why; `null` when it is not. */
	momentOf(userMessage: string): CheckpointReason | null {
		if (saysLeaving(userMessage)) return "leaving";
		if (saysFinished(userMessage)) return "finished";
		if (this.turns >= this.thresholds.turns) return "many-turns";
		if (this.written.size > this.thresholds.notesWritten) return "many-notes";
		return null;
	}

	/** A turn ended: its writes count, unless it was a moment or saved a checkpoint, which start the count again. */
	turnEnded(
		userMessage: string,
		moment: CheckpointReason | null,
		toolCalls: readonly ToolCallRecord[],
		isWrite: (name: string) => boolean,
	): void {
		if (moment !== "leaving" && userMessage.trim() !== "") this.lastWork = userMessage.trim();
		if (moment !== null || savedCheckpoint(toolCalls)) {
			this.saved();
			return;
		}
		this.turns++;
		for (const call of toolCalls) if (isWrite(call.name) && !call.result.isError) this.written.add(writtenNote(call));
	}

	/** A checkpoint was saved (by the model, or by the user from the chat): the count starts again. */
	saved(): void {
		this.turns = 0;
		this.written.clear();
	}

	/** A start for the checkpoint the user is offered. */
	draft(): CheckpointDraft {
		const text = this.lastWork.replace(/\s+/g, " ");
		// A cut between the two halves of an emoji would save half a character: the half goes too.
		return {
			doing:
				text.length <= DRAFT_CHARS
					? text
					: `${text
							.slice(0, DRAFT_CHARS - 1)
							.replace(/[\uD800-\uDBFF]$/, "")
							.trimEnd()}…`,
		};
	}
}

/** Whether the turn's model saved a checkpoint. */
export function savedCheckpoint(toolCalls: readonly ToolCallRecord[]): boolean {
	return toolCalls.some((call) => call.name === "checkpoint" && !call.result.isError);
}

/**
 * The note a write went to, as far as its input names it (a path, a memory target, an identity
 * file), so that ten entries in today's daily memory count as one note written; a write that
 * names none (a new capture) is a note of its own.
 */
function writtenNote(call: ToolCallRecord): string {
	const input = typeof call.input === "object" && call.input !== null ? (call.input as Record<string, unknown>) : {};
	const named = [input.path, input.target, input.file].find((value) => typeof value === "string");
	return typeof named === "string" ? `${call.name}:${named}` : `${call.name}#${call.id}`;
}
