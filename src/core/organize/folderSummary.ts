import type { FolderRole, Reason } from "./folderRole";

/** One folder as the vault map shows it. */
export interface FolderSummary {
	readonly folder: string;
	readonly role: FolderRole;
	/** Visible notes in the folder and below it. */
	readonly notes: number;
	/** Notes in it the assistant does not read (private by their flag, a tag or broken properties): counted, never named. */
	readonly privateNotes: number;
	/** The folder note's first line (`Folder/Folder.md`, `index.md`, `README.md`), or what its role and tags say. */
	readonly description: readonly Reason[];
	/** Its notes most linked to from the rest of the vault, most first. */
	readonly mostLinked: readonly string[];
}
