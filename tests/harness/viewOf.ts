import { indexPolicyFor, type PolicySettings } from "../../src/core/retrieval";
import { privacyView, type VaultView } from "../../src/core/vault/vaultView";
import { layoutFor, type WorkspaceLayout } from "../../src/core/workspace/layout";
import type { MemoryVault } from "../../headless/inMemory/memoryVault";

/** The privacy view over an in-memory vault, under these settings, as a host builds it (the assistant at the root unless told). */
export function viewOf(
	vault: MemoryVault,
	settings: Omit<PolicySettings, "configDir"> = {},
	layout: WorkspaceLayout = layoutFor(""),
): VaultView {
	return privacyView(
		{ store: vault, metadata: vault },
		indexPolicyFor(layout, { configDir: vault.configDir, ...settings }),
	);
}
