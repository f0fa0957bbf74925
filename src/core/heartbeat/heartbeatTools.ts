import type { ExecuteTool } from "../agent/loop";
import type { ToolDefinition } from "../model/modelClient";
import { MEMORY_TOOLS, runTool, toolDefinitionOf, type MemoryToolDeps, type ToolSet } from "../agent/tools";
import { toolError } from "../agent/tools/toolResult";

/** What the heartbeat may look up: it reads, searches and never writes (its message is saved for it). */
const HEARTBEAT_TOOL_NAMES = ["memory_search", "memory_recent"];

export const HEARTBEAT_TOOLS: ToolSet<MemoryToolDeps> = new Map(
	[...MEMORY_TOOLS].filter(([name]) => HEARTBEAT_TOOL_NAMES.includes(name)),
);

export const HEARTBEAT_TOOL_DEFINITIONS: readonly ToolDefinition[] = [...HEARTBEAT_TOOLS.values()].map(
	toolDefinitionOf,
);

/**
 * The heartbeat's tools over `deps`, one call per run: the loop allows one tool round, and a
 * round of several calls runs only its first. A second call gets an error result that says so,
 * so the model answers with what it has.
 */
export function oneHeartbeatTool(deps: MemoryToolDeps): ExecuteTool {
	let used = false;
	return (name, input) => {
		if (used)
			return Promise.resolve(
				toolError("not run: the heartbeat allows one tool call, already made. Answer with what you have."),
			);
		used = true;
		return runTool(name, input, deps, HEARTBEAT_TOOLS);
	};
}
