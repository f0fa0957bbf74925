import { isTaxonomyReportPath } from "../organize/taxonomyReport";
import { kindOf } from "../retrieval/notes/noteKind";
import { vaultMapPaths } from "../organize/vaultMapText";
import type { VaultView } from "../vault/vaultView";
import type { WorkspaceLayout } from "../workspace/layout";
import { withoutHiddenNames } from "../vault/hiddenNames";
import { isAssistantFile } from "./tools/assistantFiles";

/**
 * Whether the note at `path` is one the assistant derived from the vault: its identity files and
 * long-term memory, its daily, weekly and archived memory, the vault map and the taxonomy reports.
 * Each was written under the rules of its day, and names notes and folders that may be private now.
 * Daily memory kept in the user's own daily notes counts too: the whole note is read so, the
 * user's lines with the assistant's section, since where that section ends is the note's to say.
 */
export function isDerivedNote(path: string, deps: ModelReadDeps): boolean {
	const { layout } = deps;
	return (
		isAssistantFile(path, layout) ||
		vaultMapPaths(layout).includes(path) ||
		isTaxonomyReportPath(path, layout) ||
		kindOf(path, deps.vault.policy.kinds) === "daily"
	);
}

/** What reading a note for a model needs: the view and where the assistant's files are. */
export interface ModelReadDeps {
	readonly vault: VaultView;
	readonly layout: WorkspaceLayout;
}

/**
 * A note's text as it may go to a model or an MCP client: a derived note's read through today's
 * rules (`withoutHiddenNames`), any other as written. The note must be one the view shows; its
 * text is read through the view.
 */
export async function readForModel(deps: ModelReadDeps, path: string): Promise<string> {
	return textForModel(deps, path, await deps.vault.read(path));
}

/** `readForModel` for text already read from the note at `path`. */
export function textForModel(deps: ModelReadDeps, path: string, text: string): string {
	return isDerivedNote(path, deps) ? withoutHiddenNames(text, deps.vault, path) : text;
}
