import type { TFile } from "obsidian";
import { checkReadAccess } from "../../core/vault/readAccess";
import type { WorkspaceController } from "../workspaceController";

/**
 * Whether a note may be offered as a `[[` mention: only what the assistant may read. A private
 * note could be mentioned and then silently left out of the context; better not to suggest it.
 */
export function mentionableNotes(controller: WorkspaceController): (file: TFile) => boolean {
	const view = controller.vaultView();
	return (file) => checkReadAccess(file.path, view).kind === "allowed";
}
