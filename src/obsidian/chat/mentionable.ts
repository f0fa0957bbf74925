import type { TFile } from "obsidian";
import { checkReadAccess } from "../../core/vault/readAccess";
import type { SettingsStore } from "../settingsStore";

/**
 * Whether a note may be offered as a `[[` mention: only what the assistant may read. A private
 * note could be mentioned and then silently left out of the context; better not to suggest it.
 */
export function mentionableNotes(settingsStore: SettingsStore): (file: TFile) => boolean {
	const view = settingsStore.vaultView();
	return (file) => checkReadAccess(file.path, view).kind === "allowed";
}
