import { captureNote } from "./captureNote";
import { checkpoint } from "./checkpoint";
import type { MemoryTool, ToolEffect } from "./defineTool";
import { identityUpdate } from "./identityUpdate";
import { memoryAppend } from "./memoryAppend";
import { memoryGet } from "./memoryGet";
import { memoryHistory } from "./memoryHistory";
import type { MemoryToolDeps } from "./memoryToolDeps";
import { memoryRecent } from "./memoryRecent";
import { memorySearch } from "./memorySearch";
import { noteAnnotate } from "./noteAnnotate";
import { noteEdit } from "./noteEdit";
import { unknownToolDescriber, type ToolDescriber } from "./toolDescriber";
import { toolError, type ToolResult } from "./toolResult";
import type { WriteToolDeps } from "./writeToolDeps";

/** Tools by name, over the deps they run on. */
export type ToolSet<Deps extends MemoryToolDeps> = ReadonlyMap<string, MemoryTool<Deps>>;

function toolSet<Deps extends MemoryToolDeps>(tools: readonly MemoryTool<Deps>[]): ToolSet<Deps> {
	return new Map(tools.map((tool) => [tool.name, tool]));
}

/** The tools that only read the vault: what the command line's `tool` command runs. */
export const MEMORY_TOOLS: ToolSet<MemoryToolDeps> = toolSet([memorySearch, memoryGet, memoryRecent]);

/** The tools that write, each through the audited writer; none can rewrite or delete the user's text. */
export const WRITE_TOOLS: ToolSet<WriteToolDeps> = toolSet([
	memoryAppend,
	captureNote,
	checkpoint,
	identityUpdate,
	noteAnnotate,
]);

/**
 * Every tool of the assistant: what the chat offers the model. `note_edit` is no write tool: it
 * only proposes changes, which the user applies from the chat.
 */
export const ASSISTANT_TOOLS: ToolSet<WriteToolDeps> = toolSet<WriteToolDeps>([
	...MEMORY_TOOLS.values(),
	memoryHistory,
	...WRITE_TOOLS.values(),
	noteEdit,
]);

/**
 * What the MCP server serves every client: the tools that only read, the history book's
 * included (a client has no context the history book is put in, unlike the chat's model).
 */
export const SERVED_READ_TOOLS: ToolSet<MemoryToolDeps> = toolSet([...MEMORY_TOOLS.values(), memoryHistory]);

/**
 * What it serves besides a client the user allowed to write: the writes that only add, each
 * through the audited writer. Not `identity_update`, whose change the chat shows with an undo a
 * client has no place for, nor `note_edit`, whose proposals only the chat can approve.
 */
export const SERVED_WRITE_TOOLS: ToolSet<WriteToolDeps> = toolSet<WriteToolDeps>([
	memoryAppend,
	captureNote,
	checkpoint,
	noteAnnotate,
]);

/**
 * Runs the tool the model named, among `tools` (the read tools unless told otherwise: pass the
 * set that was offered to the model); an unknown name is an error result, like any other bad call.
 */
export function runTool<Deps extends MemoryToolDeps>(
	name: string,
	input: unknown,
	deps: Deps,
	tools: ToolSet<Deps> = MEMORY_TOOLS,
): Promise<ToolResult> {
	const tool = tools.get(name);
	if (tool === undefined)
		return Promise.resolve(toolError(`there is no tool named "${name}". Tools: ${[...tools.keys()].join(", ")}.`));
	return tool.run(input, deps);
}

/**
 * What each tool of `tools` does, by name, for the turn's budgets; a name that is not among them
 * counts as a write, so that a tool the set does not know is never counted as harmless.
 */
export function toolEffectIn<Deps extends MemoryToolDeps>(tools: ToolSet<Deps>): (name: string) => ToolEffect {
	return (name) => tools.get(name)?.effect ?? "write";
}

/** How the chat shows a call of the tool named `name`, one of the assistant's or not. */
export function toolDescriber(name: string): ToolDescriber {
	return ASSISTANT_TOOLS.get(name)?.describe ?? unknownToolDescriber(name);
}
