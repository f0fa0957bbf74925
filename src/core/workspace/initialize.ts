import type { Language } from "../../i18n";
import { isIdentityRole, type VaultListing } from "./identity";
import { inspectWorkspace, type WorkspaceEntry } from "./inspect";
import type { WorkspaceLayout } from "./layout";
import { templatesFor } from "./templates";

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
 * parent; one failed item does not stop the others.
 */
export async function initializeWorkspace(
	listing: VaultListing,
	layout: WorkspaceLayout,
	writer: WorkspaceWriter,
	language: Language,
): Promise<InitializeReport> {
	const inspection = inspectWorkspace(listing, layout);
	const templates = templatesFor(language);
	const created: WorkspaceEntry[] = [];
	const failed: FailedEntry[] = [];
	for (const entry of inspection.missing) {
		try {
			if (isIdentityRole(entry.item)) {
				await writer.createNote(entry.path, templates[entry.item], INTENT);
			} else {
				await writer.ensureFolder(entry.path);
			}
			created.push(entry);
		} catch (error) {
			failed.push({ ...entry, error: error instanceof Error ? error.message : String(error) });
		}
	}
	return { created, adopted: inspection.present, failed };
}
