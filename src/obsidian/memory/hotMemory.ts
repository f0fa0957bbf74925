import { applyConsolidation, proposeConsolidation, type ConsolidationOutcome, type ConsolidationProposal } from "../../core/memory/hotMemoryConsolidation";
import type { CommandVault } from "../commandVault";

/** `memory.md`'s size when it is over the cap the settings set; `null` when it fits (or there is none). */
export function overCap(vault: CommandVault): Promise<{ readonly tokens: number; readonly text: string } | null> {
	return vault.workspace.hotMemoryOverCap();
}

export function propose(vault: CommandVault, signal?: AbortSignal): Promise<ConsolidationProposal | null> {
	const { workspace } = vault;
	return proposeConsolidation(vault.memory.vault, workspace.memoryPath(), { capTokens: workspace.hotMemoryCapTokens, model: vault.model, signal });
}

/** Writes the text the user approved, the previous `memory.md` kept in the archive first. */
export function applyApproved(vault: CommandVault, proposal: ConsolidationProposal, approved: string): Promise<ConsolidationOutcome> {
	return applyConsolidation(vault.memory, {
		memoryPath: proposal.memoryPath,
		basedOn: proposal.basedOn,
		approved,
		archiveFolder: vault.workspace.layout.archiveFolder,
		actor: "user",
	});
}
