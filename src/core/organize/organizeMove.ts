import type { AuditActor } from "../audit/record";
import { freeNotePath } from "../memory/captureName";
import type { AuditedWriter, WriteOutcome } from "../vault/auditedWriter";
import { fileName, parentFolder } from "../vault/paths";
import { notesLinkingTo } from "./noteLinks";
import type { OrganizeVault } from "./organizeVault";

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
}

export function planMove(
	vault: Pick<OrganizeVault, "view">,
	writer: Pick<AuditedWriter, "isTaken">,
	path: string,
	folder: string,
	linkSources: readonly string[],
): MovePlan {
	if (parentFolder(path) === folder) return { from: path, to: path, linkingNotes: [] };
	const to = freeNotePath(writer, folder, fileName(path));
	return { from: path, to, linkingNotes: notesLinkingTo(vault.view, linkSources, path) };
}

/** Makes the move through the audited writer (containment, no overwrite, audit record); nothing when there is nothing to move. */
export async function applyMove(writer: AuditedWriter, plan: MovePlan, actor: AuditActor): Promise<WriteOutcome | null> {
	if (plan.to === plan.from) return null;
	return writer.moveNote(plan.from, plan.to, { actor, reason: `Organize: move to ${parentFolder(plan.to) || "/"}` });
}
