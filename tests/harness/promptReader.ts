import { textForModel } from "../../src/core/agent/derivedNotes";
import type { TextForModel } from "../../src/core/prompts/preparePrompt";
import type { VaultView } from "../../src/core/vault/vaultView";
import { layoutFor, type WorkspaceLayout } from "../../src/core/workspace/layout";

/** How the plugin reads the active note into a prompt: a derived note through today's rules, as the host wires it. */
export function promptReader(vault: VaultView, layout: WorkspaceLayout = layoutFor("")): TextForModel {
	return (path, text) => textForModel({ vault, layout }, path, text);
}
