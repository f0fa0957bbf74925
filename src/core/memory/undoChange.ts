import type { AuditActor, AuditRecord } from "../audit/record";
import type { MemoryDeps } from "./memoryDeps";
import type { PreviousContents } from "./previousContents";
import { undoWrite, type UndoOutcome } from "./undoWrite";

/**
 * Undo of a change picked from the audit trail: its previous text comes from the kept previous
 * contents; the rules are `undoWrite`'s (restored exactly while the note is as the change left it,
 * otherwise refused with both versions).
 */
export type UndoChangeOutcome =
	| UndoOutcome
	/** The text before the change was not kept (a change made before keeping began, or a create or move). */
	| { readonly kind: "unavailable"; readonly path: string; readonly record: AuditRecord }
	/** The text before the change was kept, and dropped since: the change is older than every text still kept. */
	| { readonly kind: "too-old"; readonly path: string; readonly record: AuditRecord };

export async function undoAuditedChange(
	record: AuditRecord,
	previous: Pick<PreviousContents, "find" | "droppedAsTooOld">,
	deps: Pick<MemoryDeps, "vault" | "writer">,
	actor: AuditActor,
): Promise<UndoChangeOutcome> {
	const before = record.sha256Before === null ? null : await previous.find(record.sha256Before);
	if (before === null && record.sha256Before !== null) {
		const kind = (await previous.droppedAsTooOld(record.time)) ? "too-old" : "unavailable";
		return { kind, path: record.path, record };
	}
	// A create or move: `undoWrite` refuses it as `not-undoable`, with its own explanation.
	return undoWrite({ record, before: before ?? "" }, deps, actor);
}
