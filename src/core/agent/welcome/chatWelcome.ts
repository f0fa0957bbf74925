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
	/**
	 * What the example questions are about: the user's recent notes (see `exampleTopics`). Found
	 * when asked, as they look through the vault's listing: a pane can draw first and ask after.
	 */
	readonly topics: () => readonly string[];
}

/**
 * The identity files are looked for among the files directly in the assistant's folder, and the
 * topics among the newest notes: the view judges those alone, never every file of the vault.
 */
export function chatWelcome(view: VaultView, layout: WorkspaceLayout): ChatWelcome {
	const identity = findIdentityFiles(view, layout);
	return {
		needsSetup: identity.soul === null || identity.user === null || identity.rules === null,
		topics: () => exampleTopics(view, layout, identity),
	};
}
