import { memoryOverVault } from "../../../../scripts/lib/headlessMemory";
import { runTool, type MemoryToolDeps, type ToolResult } from "../../../../src/core/agent/tools";
import { assistantFolderTarget, readRecentDays } from "../../../../src/core/memory/daily";
import type { Clock } from "../../../../src/core/ports";
import type { PolicySettings } from "../../../../src/core/retrieval";
import { layoutFor } from "../../../../src/core/workspace/layout";
import { MemoryVault, type SeedFile } from "../../../../headless/inMemory/memoryVault";
import { viewOf } from "../../../harness/viewOf";

/** "Today" in these tests (they run with TZ=UTC). */
export const NOW = "2026-03-15T12:00:00Z";

export interface ToolVault {
	readonly vault: MemoryVault;
	readonly deps: MemoryToolDeps;
	run(name: string, input: unknown): Promise<ToolResult>;
}

/**
 * The memory tools over an in-memory vault (path → text), the assistant folder at the root,
 * wired as the command line wires them.
 */
export async function toolsOver(
	files: Record<string, SeedFile>,
	settings: Omit<PolicySettings, "configDir"> = {},
	now = NOW,
): Promise<ToolVault> {
	const vault = new MemoryVault({ files, now: () => Date.parse(now) - 86_400_000 });
	const layout = layoutFor("");
	const clock: Clock = { now: () => new Date(now) };
	const view = viewOf(vault, settings, layout);
	const { deps } = await memoryOverVault(
		{ files: vault, metadata: vault, view },
		{
			layout,
			clock,
			recentDailyMemory: (days) => readRecentDays({ vault: view, clock }, assistantFolderTarget(layout), days),
		},
	);
	return { vault, deps, run: (name, input) => runTool(name, input, deps) };
}
