import { applyMove, planMove, type MovePlan, type VerifiedConfirmation } from "../../core/organize/organizeMove";
import { visibleFolders, visibleNotes } from "../../core/organize/organizeVault";
import type { WriteOutcome } from "../../core/vault/auditedWriter";
import { parentFolder } from "../../core/vault/paths";
import type { CommandContext } from "../commandContext";

/** The move of `path` into `folder` as the vault is now: its free name there and the notes whose links follow. */
export function planInto(context: CommandContext, path: string, folder: string): MovePlan {
	return planMove(context.organize, context.memory.writer, path, folder, visibleNotes(context.organize));
}

/**
 * Moves a note the user accepted, planned again at this moment: an earlier move of the same
 * review may have taken the name it was to have. `null` when it is already there. Refused when
 * the move would now change a verified note the user did not confirm.
 */
export function moveAccepted(
	context: CommandContext,
	plan: MovePlan,
	confirmed: VerifiedConfirmation,
): Promise<WriteOutcome | null> {
	return applyMove(context.memory.writer, planInto(context, plan.from, parentFolder(plan.to)), "user", confirmed);
}

/** Where a note may be moved: the folders organizing looks at, and the vault root. */
export function movableFolders(context: CommandContext): string[] {
	return ["", ...visibleFolders(context.organize).sort()];
}
