import { extensionOf, isInFolder } from "../vault/paths";
import type { VaultView } from "../vault/vaultView";
import type { VerifiedChange } from "./verifiedNotes";
import type { WorkspaceLayout } from "../workspace/layout";

/**
 * The vault as organizing sees it: the privacy view of its files, folders and metadata, the
 * assistant's layout, and the two core plugin settings that tell where the user keeps templates
 * and daily notes (the adapter reads them; `null` when the plugin is off).
 */
export interface OrganizeVault {
	readonly view: VaultView;
	/**
	 * The notes marked verified whose text a move of `path` would change (it, and the notes whose
	 * links Obsidian rewrites): the visible ones by path, the private ones only counted. The
	 * workspace answers it, the one place that sees private notes' properties.
	 */
	readonly verifiedChangedByMove: (path: string) => VerifiedChange;
	readonly layout: WorkspaceLayout;
	readonly templatesFolder?: string | null;
	readonly dailyNotesFolder?: string | null;
}

/**
 * The notes organizing may look at: the markdown notes of the view. A hidden note is neither
 * counted, classified, listed in the vault map nor sent to the model.
 */
export function visibleNotes(vault: Pick<OrganizeVault, "view">): string[] {
	return vault.view
		.listFiles()
		.filter((file) => extensionOf(file.path) === "md")
		.map((file) => file.path);
}

/**
 * How many notes in a folder and below it the view hides by what they say of themselves (their
 * flag, a tag, unreadable properties): a folder holding them is not empty, though the assistant
 * reads none of them. A count, never a name. The vault is looked through once, for every folder
 * asked after.
 */
export function privateNoteCounter(vault: Pick<OrganizeVault, "view">): (folder: string) => number {
	const hidden = vault.view
		.hiddenFiles()
		.map((file) => file.path)
		.filter((path) => extensionOf(path) === "md");
	return (folder) => hidden.filter((path) => isInFolder(path, folder)).length;
}

/** The folders organizing may look at: those of the view, without dot-folders (`.trash`, `.git`). */
export function visibleFolders(vault: Pick<OrganizeVault, "view">): string[] {
	return vault.view.listFolders().filter((folder) => !folder.split("/").some((segment) => segment.startsWith(".")));
}
