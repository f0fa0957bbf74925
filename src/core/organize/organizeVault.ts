import type { MetadataSource, NoteStore } from "../ports";
import { skipReasonForFile, skipReasonForNote, tagsOf, type IndexPolicy } from "../retrieval";
import { isInFolder } from "../vault/paths";
import type { WorkspaceLayout } from "../workspace/layout";

/**
 * The vault as organizing sees it: its files and folders, what the metadata cache knows, the
 * assistant's layout, the privacy rules, and the two core plugin settings that tell where the
 * user keeps templates and daily notes (the adapter reads them; `null` when the plugin is off).
 */
export interface OrganizeVault {
	readonly store: Pick<NoteStore, "listFiles" | "listFolders" | "stat" | "isFolder">;
	readonly metadata: MetadataSource;
	readonly layout: WorkspaceLayout;
	readonly policy: IndexPolicy;
	readonly templatesFolder?: string | null;
	readonly dailyNotesFolder?: string | null;
}

/**
 * The notes organizing may look at: markdown, outside the configuration folder, the assistant's
 * transcripts and the private folders, not marked private, without a private tag. A private
 * note is neither counted, classified, listed in the vault map nor sent to the model.
 */
export function visibleNotes(vault: Pick<OrganizeVault, "store" | "metadata" | "policy">): string[] {
	return vault.store
		.listFiles()
		.filter((file) => skipReasonForFile(file.path, file.size, vault.policy) === null)
		.filter((file) => {
			const metadata = vault.metadata.getMetadata(file.path);
			return metadata === null || skipReasonForNote(metadata, tagsOf(metadata), vault.policy) === null;
		})
		.map((file) => file.path);
}

/** The folders organizing may look at: not hidden (`.trash`), not the configuration folder, not private. */
export function visibleFolders(vault: Pick<OrganizeVault, "store" | "policy">): string[] {
	const hidden = (folder: string) =>
		folder.split("/").some((segment) => segment.startsWith(".")) ||
		[vault.policy.configDir, ...vault.policy.internalPaths, ...vault.policy.excludedFolders].some(
			(off) => off !== "" && isInFolder(folder.toLowerCase(), off.toLowerCase()),
		);
	return vault.store.listFolders().filter((folder) => !hidden(folder));
}
