import type { AuditActor } from "../audit/record";
import { freeNotePath } from "../memory/captureName";
import type { AuditedWriter, WriteOutcome } from "../vault/auditedWriter";
import { fileName, parentFolder } from "../vault/paths";
import { notesLinkingTo } from "./noteLinks";
import type { OrganizeVault } from "./organizeVault";
import { verifiedNotesChangedByMove } from "./verifiedNotes";

/**
 * The move that organizing proposes, shown before it is made: where the note goes (its own name,
 * numbered when the folder has one like it) and which notes link to it, whose links follow the
 * note (`NoteStore.rename` is `FileManager.renameFile` in Obsidian).
 */
export interface MovePlan {
	readonly from: string;
	/** Equal to `from` when the note is already in the folder: nothing to move. */
	readonly to: string;
	/** The notes whose links to the note will be updated. */
	readonly linkingNotes: readonly string[];
	/** The notes marked verified that the move would change (see `verifiedNotes`): only moved once the user confirms. */
	readonly verifiedNotes: readonly string[];
}

export function planMove(vault: Pick<OrganizeVault, "store" | "metadata">, path: string, folder: string, linkSources: readonly string[]): MovePlan {
	if (parentFolder(path) === folder) return { from: path, to: path, linkingNotes: [], verifiedNotes: [] };
	const to = freeNotePath(vault.store, folder, fileName(path));
	return { from: path, to, linkingNotes: notesLinkingTo(vault.metadata, linkSources, path), verifiedNotes: verifiedNotesChangedByMove(vault, path) };
}

/** A move not made: it would change verified notes the user did not confirm. */
export class UnconfirmedVerifiedMoveError extends Error {
	readonly path: string;
	readonly verifiedNotes: readonly string[];

	constructor(path: string, verifiedNotes: readonly string[]) {
		super(`Not moved: moving ${path} would change verified notes (${verifiedNotes.join(", ")}), and that was not confirmed`);
		this.name = "UnconfirmedVerifiedMoveError";
		this.path = path;
		this.verifiedNotes = verifiedNotes;
	}
}

/**
 * Makes the move through the audited writer (containment, no overwrite, audit record); nothing
 * when there is nothing to move. Refused unless every verified note the move would change is
 * among `confirmedVerified`, the notes the user saw and agreed to.
 */
export async function applyMove(writer: AuditedWriter, plan: MovePlan, actor: AuditActor, confirmedVerified: readonly string[] = []): Promise<WriteOutcome | null> {
	if (plan.to === plan.from) return null;
	const unconfirmed = plan.verifiedNotes.filter((note) => !confirmedVerified.includes(note));
	if (unconfirmed.length > 0) throw new UnconfirmedVerifiedMoveError(plan.from, unconfirmed);
	return writer.moveNote(plan.from, plan.to, { actor, reason: `Organize: move to ${parentFolder(plan.to) || "/"}` });
}
