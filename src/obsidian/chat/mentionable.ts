import type { App, TFile } from "obsidian";
import { checkReadAccess } from "../../core/vault/readAccess";
import { ObsidianMetadataSource } from "../metadataSource";
import { indexPolicyOf } from "../retrieval/indexPolicy";
import { ObsidianNoteStore } from "../vaultNoteStore";
import type { WorkspaceController } from "../workspaceController";

/**
 * Whether a note may be offered as a `[[` mention: only what the assistant may read. A private
 * note could be mentioned and then silently left out of the context; better not to suggest it.
 */
export function mentionableNotes(app: App, controller: WorkspaceController): (file: TFile) => boolean {
	const vault = { store: new ObsidianNoteStore(app), metadata: new ObsidianMetadataSource(app) };
	return (file) => checkReadAccess(file.path, vault, indexPolicyOf(app, controller.settings)).kind === "allowed";
}
