import { assertContained, ContainmentError, type ContainmentPolicy } from "../vault/containment";
import { layoutFor, type WorkspaceLayout } from "../workspace/layout";

/** Where prompts are read from, and why the folder the settings name was refused, when it was. */
export interface PromptsFolder {
	readonly folder: string;
	readonly refused: ContainmentError | null;
}

/**
 * The prompts folder of `layout`, or the assistant folder's own `Prompts` when the guard refuses
 * it (a `../x`, the configuration folder, a private folder: a value edited into `data.json` by
 * hand, since the settings tab refuses them). Prompts are read through the privacy view, which
 * would show nothing there anyway; falling back says so instead of listing nothing in silence.
 */
export function promptsFolderOf(layout: WorkspaceLayout, policy: ContainmentPolicy): PromptsFolder {
	try {
		return { folder: assertContained(layout.promptsFolder, policy), refused: null };
	} catch (error) {
		if (!(error instanceof ContainmentError)) throw error;
		return { folder: layoutFor(layout.root).promptsFolder, refused: error };
	}
}
