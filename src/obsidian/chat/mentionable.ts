import type { TFile } from "obsidian";
import { attachmentMediaType } from "../../core/model/attachmentFiles";
import { checkReadAccess } from "../../core/vault/readAccess";
import type { SettingsStore } from "../settingsStore";

/**
 * Whether a note, or an image or PDF, may be offered as a `[[` mention: only what the assistant
 * may read. A private one could be mentioned and then silently left out of the message; better
 * not to suggest it.
 */
export function mentionableNotes(settingsStore: SettingsStore): (file: TFile) => boolean {
	const view = settingsStore.vaultView();
	return (file) =>
		attachmentMediaType(file.path) === null
			? checkReadAccess(file.path, view).kind === "allowed"
			: view.stat(file.path) !== null;
}
