import type { VaultView } from "../../vault/vaultView";
import { findIdentityFiles } from "../../workspace/identity";
import type { WorkspaceLayout } from "../../workspace/layout";
import { exampleTopics } from "./exampleTopics";

/** What the empty chat offers as the next step, from the vault as the assistant may see it. */
export interface ChatWelcome {
	/**
	 * The assistant has no identity yet: `soul.md`, `user.md` or `claude.md` (or an alias) is
	 * missing from its folder, so setting it up (onboarding) comes first.
	 */
	readonly needsSetup: boolean;
	/** What the example questions are about: the user's recent notes (see `exampleTopics`). */
	readonly topics: readonly string[];
}

/** One look at the view's listing serves both: the view judges every file it lists, the costly part on a large vault. */
export function chatWelcome(view: VaultView, layout: WorkspaceLayout): ChatWelcome {
	const files = view.listFiles();
	const listed = {
		listFiles: () => files,
		listFolders: () => view.listFolders(),
		getMetadata: (path: string) => view.getMetadata(path),
		configDir: view.configDir,
	};
	const identity = findIdentityFiles(listed, layout);
	return {
		needsSetup: identity.soul === null || identity.user === null || identity.rules === null,
		topics: exampleTopics(listed, layout, identity),
	};
}
