import { sha256Hex } from "../audit/hash";
import type { AuditActor, AuditRecord } from "../audit/record";
import { WriteRefusedError } from "../vault/auditedWriter";
import type { MemoryDeps } from "./memoryDeps";

/**
 * Undo of one write: the note's previous content put back, exactly, and only while the note is
 * as that write left it. The audit record holds hashes, not text, so the previous content
 * travels with the change that made it (an identity edit's diff in the chat keeps it); the
 * record's `sha256Before` proves that it is the right text.
 */

/** A write that can be undone: its audit record, and the note's content before it. */
export interface UndoableWrite {
	readonly record: AuditRecord;
	readonly before: string;
}

export type UndoRefusal =
	/** The write created or moved the note: undoing it would delete or move, which undo never does. */
	| "not-undoable"
	| "missing"
	| "already-undone"
	/** The note changed after the write (the user edited it): putting back the old text would lose that edit. */
	| "changed-since"
	/** The note is hidden by the privacy rules now: the assistant neither reads nor changes it. */
	| "hidden";

export type UndoOutcome =
	| { readonly kind: "restored"; readonly path: string; readonly record: AuditRecord }
	| {
			readonly kind: "refused";
			readonly refusal: UndoRefusal;
			readonly path: string;
			/** Why, in a sentence for the user. */
			readonly message: string;
			/** The content the undo would have put back. */
			readonly previous: string;
			/** The note as it is now, to show beside `previous`; `null` when there is no note. */
			readonly current: string | null;
	  };

const ALREADY_UNDONE = "The note already has its previous content.";

/** Puts back `write.before` when the note's content still hashes to the record's `sha256After`. */
export async function undoWrite(
	write: UndoableWrite,
	deps: Pick<MemoryDeps, "vault" | "writer">,
	actor: AuditActor,
): Promise<UndoOutcome> {
	const { record, before } = write;
	const refused = (refusal: UndoRefusal, message: string, current: string | null = null): UndoOutcome => ({
		kind: "refused",
		refusal,
		path: record.path,
		message,
		previous: before,
		current,
	});
	if (record.sha256Before === null || record.from !== undefined) {
		return refused(
			"not-undoable",
			"This change created or moved the note; undoing it would delete or move a note, which undo does not do.",
		);
	}
	if (sha256Hex(before) !== record.sha256Before) {
		return refused(
			"not-undoable",
			"The saved previous content is not the content this change started from, so it cannot be put back.",
		);
	}
	if (deps.vault.hiddenReason(record.path) !== null)
		return refused(
			"hidden",
			"The note is private now (by the privacy settings or its properties), so the assistant does not change it.",
		);
	if (deps.vault.stat(record.path) === null)
		return refused("missing", "The note is no longer there (moved, renamed or deleted).");
	const current = await deps.vault.read(record.path);
	if (sha256Hex(current) === record.sha256Before) return refused("already-undone", ALREADY_UNDONE, current);
	const changedSince = (now: string) =>
		refused(
			"changed-since",
			"The note has changed since this change was made; undoing it would lose those edits. Both versions are shown.",
			now,
		);
	if (sha256Hex(current) !== record.sha256After) return changedSince(current);
	try {
		const outcome = await deps.writer.restoreNote(record.path, before, record.sha256After, {
			actor,
			reason: `Undo the change of ${record.time}: ${record.reason}`,
		});
		// No record: nothing was written, the note had turned back into `before` in the meantime.
		if (outcome.record === null) return refused("already-undone", ALREADY_UNDONE, before);
		return { kind: "restored", path: outcome.path, record: outcome.record };
	} catch (error) {
		// The note changed between the check above and the atomic write, which checks again.
		if (error instanceof WriteRefusedError && error.refusal === "removes-text")
			return changedSince(await deps.vault.read(record.path));
		throw error;
	}
}
