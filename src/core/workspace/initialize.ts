import type { Language } from "../../i18n";
import { isIdentityRole, type VaultListing } from "./identity";
import { inspectWorkspace, type WorkspaceEntry } from "./inspect";
import type { WorkspaceLayout } from "./layout";
import { templatesFor } from "./templates";
import { examplePromptsFor } from "./templates/examplePrompts";
import { joinVaultPath } from "../vault/paths";

/** Who initializes and why, in the shape of the audited writer's write intent. */
export interface InitializeIntent {
	/** Initialization runs on the user's command or choice in settings, never on the model's. */
	readonly actor: "user";
	readonly reason: string;
}

/**
 * The writes initialization needs. The plugin passes its audited writer (containment checks
 * and an audit record per write); tests pass a thin adapter over the in-memory vault.
 * `createNote` must refuse to replace an existing file, as `Vault.create` does.
 */
export interface WorkspaceWriter {
	createNote(path: string, content: string, intent: InitializeIntent): Promise<unknown>;
	ensureFolder(path: string): Promise<unknown>;
}

const INTENT: InitializeIntent = { actor: "user", reason: "Initialize the assistant workspace" };

export interface FailedEntry extends WorkspaceEntry {
	/** The writer's error message, for the log and the notice. */
	readonly error: string;
}

export interface InitializeReport {
	/** Items that were missing and are now created, at their canonical paths. */
	readonly created: readonly WorkspaceEntry[];
	/** Items that already existed (under any alias or spelling) and were left byte for byte. */
	readonly adopted: readonly WorkspaceEntry[];
	/** Items that could not be created; the others were still attempted. */
	readonly failed: readonly FailedEntry[];
}

/**
 * Creates whatever the workspace is missing and nothing else: an existing file, under any of
 * its aliases or spellings, is adopted as it is, never rewritten. Running it twice creates
 * nothing the second time. The assistant folder itself comes first so that its files have a
 * parent; one failed item does not stop the others. A prompts folder that does not exist yet is
 * created with example prompts in `language`; one that exists, even empty, is the user's and
 * gets none (examples the user deleted do not come back).
 */
export async function initializeWorkspace(
	listing: VaultListing,
	layout: WorkspaceLayout,
	writer: WorkspaceWriter,
	language: Language,
): Promise<InitializeReport> {
	const inspection = inspectWorkspace(listing, layout);
	const templates = templatesFor(language);
	const newPromptsFolder = !hasFolder(listing, layout.promptsFolder);
	const created: WorkspaceEntry[] = [];
	const failed: FailedEntry[] = [];
	const attempt = async (entry: WorkspaceEntry, write: () => Promise<unknown>) => {
		try {
			await write();
			created.push(entry);
		} catch (error) {
			failed.push({ ...entry, error: error instanceof Error ? error.message : String(error) });
		}
	};
	for (const entry of inspection.missing) {
		const { item, path } = entry;
		await attempt(entry, () =>
			isIdentityRole(item) ? writer.createNote(path, templates[item], INTENT) : writer.ensureFolder(path),
		);
	}
	if (newPromptsFolder) {
		const folder = layout.promptsFolder;
		await attempt({ item: "promptsFolder", path: folder }, () => writer.ensureFolder(folder));
		for (const example of examplePromptsFor(language)) {
			const path = joinVaultPath(folder, example.fileName);
			// `createNote` refuses to replace a file, so a note of the user's at that path (a folder
			// that appeared meanwhile) stays as it is and is reported, never overwritten.
			await attempt({ item: "prompt", path }, () => writer.createNote(path, example.text, INTENT));
		}
	}
	return { created, adopted: inspection.present, failed };
}

/** Whether `folder` exists in any case: on a disk that ignores case, `prompts` is the folder `Prompts`. */
function hasFolder(listing: VaultListing, folder: string): boolean {
	const lower = folder.toLowerCase();
	return listing.listFolders().some((existing) => existing.toLowerCase() === lower);
}
