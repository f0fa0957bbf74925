import { sha256Hex } from "../audit/hash";
import { WriteRefusedError, type AuditedWriter } from "../vault/auditedWriter";
import { ContainmentError } from "../vault/containment";
import { UnsafePathError } from "../vault/unsafePath";
import type { VaultView } from "../vault/vaultView";
import type { WorkspaceLayout } from "../workspace/layout";
import { applyAccepted } from "./applyAccepted";
import { editableNote, type EditableNote } from "./editableNote";
import { largeRemoval } from "./largeRemoval";
import type { ApplyOutcome, EditProposal, EditRefusal } from "./editProposal";
import { placeRefusal } from "./proposeEdits";
import { changedProtectedRegion } from "./protectedRegions";

/** What applying works over: the audited writer, and the vault as the assistant may see it. */
export interface ApplyDeps {
	readonly writer: AuditedWriter;
	readonly vault: VaultView;
	readonly layout: WorkspaceLayout;
}

/** What the user said beyond accepting hunks. */
export interface ApplyConfirmation {
	/** They confirmed, a second time, changes that take out most of the note (`largeRemoval`). */
	readonly largeRemoval: boolean;
}

/**
 * Writes the hunks of `proposal` the user accepted, in one atomic, audited write (`edit`), only
 * while the note is still the text they were shown against. Every refusal of proposing is judged
 * again first, on the note as it is now: the note may have become private or verified since, and
 * a proposal restored from a saved chat is checked as much as a fresh one. Changes that take out
 * most of the note are written only once `confirmed` says the user confirmed them. Returns how it
 * ended; `applied` carries what undoing it takes (`undoWrite`).
 */
export async function applyProposal(
	deps: ApplyDeps,
	proposal: EditProposal,
	accepted: ReadonlySet<number>,
	confirmed: ApplyConfirmation = { largeRemoval: false },
): Promise<ApplyOutcome> {
	const chosen = proposal.hunks.filter((hunk) => accepted.has(hunk.id));
	if (chosen.length === 0) return { kind: "nothing-accepted", path: proposal.path };
	const note = await editableNote(deps.vault, deps.layout, proposal.path).catch(unsafeNote(proposal.path));
	const refused = (refusal: EditRefusal): ApplyOutcome => ({ kind: "refused", path: note.path, refusal });
	if (note.kind === "refused") return refused(note.refusal);
	const base = note.text;
	const stale: ApplyOutcome = { kind: "stale", path: note.path };
	if (sha256Hex(base) !== proposal.baseHash) return stale;
	const next = applyAccepted(base, chosen, accepted);
	// Hunks that do not fit the very text they claim to be made against: that proposal is not this note's.
	if (next === null) return stale;
	for (const hunk of chosen) {
		const place = placeRefusal(base, hunk, proposal.scope);
		if (place !== null && place.kind === "refused") return refused(place.refusal);
	}
	if (changedProtectedRegion(base, next) !== null) return refused("not-editable");
	if (next === base) return refused("no-change");
	const removal = largeRemoval(base, chosen);
	if (removal !== null && !confirmed.largeRemoval) return { kind: "large-removal", path: note.path, ...removal };
	const total = proposal.hunks.length;
	try {
		const outcome = await deps.writer.applyApprovedEdit(note.path, proposal.baseHash, () => next, {
			actor: "assistant",
			reason: `Approved by the user (${chosen.length} of ${total} ${total === 1 ? "change" : "changes"}): ${proposal.reason}`,
		});
		if (outcome.record === null) return refused("no-change");
		return {
			kind: "applied",
			path: outcome.path,
			hunks: chosen.length,
			undo: { record: outcome.record, before: base },
		};
	} catch (error) {
		const outcome = failed(error, note.path);
		if (outcome === null) throw error;
		return outcome;
	}
}

/**
 * A note the store will not even read, since it is reached through a symbolic link now (a host on
 * disk), is refused as the writer would refuse it; any other failure propagates.
 */
function unsafeNote(path: string): (error: unknown) => EditableNote {
	return (error) => {
		if (error instanceof UnsafePathError) return { kind: "refused", path, refusal: "not-editable" };
		throw error;
	};
}

/** How a refusal of the writer ends the apply; `null` for a failure that is no refusal. */
function failed(error: unknown, path: string): ApplyOutcome | null {
	// Changed between the read above and the atomic write, which compares the hash again.
	if (error instanceof WriteRefusedError && error.refusal === "removes-text") return { kind: "stale", path };
	if (error instanceof WriteRefusedError && error.refusal === "missing")
		return { kind: "refused", path, refusal: "missing" };
	if (error instanceof WriteRefusedError || error instanceof UnsafePathError)
		return { kind: "refused", path, refusal: "not-editable" };
	if (error instanceof ContainmentError) return { kind: "refused", path, refusal: "hidden" };
	return null;
}
