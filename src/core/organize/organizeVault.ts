import { extensionOf, parentFolder } from "../vault/paths";
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
 * Notes looked up by folder: each note filed once under its own folder and under every folder
 * above it, so that asking for a folder's notes costs nothing however many folders are asked
 * after (a filter of every note per folder made the taxonomy of a 50,000-note vault take minutes).
 */
export class NotesByFolder {
	private readonly own = new Map<string, string[]>();
	private readonly below = new Map<string, string[]>();

	constructor(notes: readonly string[]) {
		for (const path of notes) {
			filed(this.own, parentFolder(path), path);
			for (let folder = parentFolder(path); ; folder = parentFolder(folder)) {
				filed(this.below, folder, path);
				if (folder === "") break;
			}
		}
	}

	/** The notes right in `folder`, not in its subfolders. */
	ownNotes(folder: string): readonly string[] {
		return this.own.get(folder) ?? [];
	}

	/** The notes in `folder` and below it; the root (`""`) holds them all. */
	notesIn(folder: string): readonly string[] {
		return this.below.get(folder === "/" ? "" : folder) ?? [];
	}
}

function filed(map: Map<string, string[]>, folder: string, path: string): void {
	const notes = map.get(folder);
	if (notes === undefined) map.set(folder, [path]);
	else notes.push(path);
}

/**
 * How many notes in a folder and below it the view hides by what they say of themselves (their
 * flag, a tag, unreadable properties): a folder holding them is not empty, though the assistant
 * reads none of them. A count, never a name. The vault is looked through once, for every folder
 * asked after.
 */
export function privateNoteCounter(vault: Pick<OrganizeVault, "view">): (folder: string) => number {
	const hidden = new NotesByFolder(
		vault.view
			.hiddenFiles()
			.map((file) => file.path)
			.filter((path) => extensionOf(path) === "md"),
	);
	return (folder) => hidden.notesIn(folder).length;
}

/** The folders organizing may look at: those of the view, without dot-folders (`.trash`, `.git`). */
export function visibleFolders(vault: Pick<OrganizeVault, "view">): string[] {
	return vault.view.listFolders().filter((folder) => !folder.split("/").some((segment) => segment.startsWith(".")));
}
