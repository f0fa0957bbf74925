import {
	applyConsolidation,
	proposeConsolidation,
	type ConsolidationOutcome,
	type ConsolidationProposal,
} from "../../core/memory/hotMemoryConsolidation";
import type { CommandContext } from "../commandContext";

/** `memory.md`'s size when it is over the cap the settings set; `null` when it fits (or there is none). */
export function overCap(context: CommandContext): Promise<{ readonly tokens: number; readonly text: string } | null> {
	return context.workspace.hotMemoryOverCap();
}

export function propose(context: CommandContext, signal?: AbortSignal): Promise<ConsolidationProposal | null> {
	const { workspace } = context;
	return proposeConsolidation(context.memory.vault, workspace.memoryPath(), {
		capTokens: workspace.hotMemoryCapTokens,
		model: context.model,
		signal,
	});
}

/** Writes the text the user approved, the previous `memory.md` kept in the archive first. */
export function applyApproved(
	context: CommandContext,
	proposal: ConsolidationProposal,
	approved: string,
): Promise<ConsolidationOutcome> {
	return applyConsolidation(context.memory, {
		memoryPath: proposal.memoryPath,
		basedOn: proposal.basedOn,
		approved,
		archiveFolder: context.workspace.layout.archiveFolder,
		actor: "user",
	});
}
