import type { MemoryTool } from "./defineTool";
import { memoryGet } from "./memoryGet";
import type { MemoryToolDeps } from "./memoryToolDeps";
import { memoryRecent } from "./memoryRecent";
import { memorySearch } from "./memorySearch";
import { toolError, type ToolResult } from "./toolResult";

/** Every memory tool, by name: what the agent loop offers the model and the command line runs. */
export const MEMORY_TOOLS: ReadonlyMap<string, MemoryTool> = new Map([memorySearch, memoryGet, memoryRecent].map((tool) => [tool.name, tool]));

/** Runs the tool the model named; an unknown name is an error result, like any other bad call. */
export function runTool(name: string, input: unknown, deps: MemoryToolDeps): Promise<ToolResult> {
	const tool = MEMORY_TOOLS.get(name);
	if (tool === undefined) return Promise.resolve(toolError(`there is no tool named "${name}". Tools: ${[...MEMORY_TOOLS.keys()].join(", ")}.`));
	return tool.run(input, deps);
}
