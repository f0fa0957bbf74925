import type { PrepareRequest } from "../../src/core/agent/loop";
import type { ToolDefinition } from "../../src/core/agent/model";
import { sessionPrepareRequest } from "../../src/core/agent/session";
import type { MemoryToolDeps } from "../../src/core/agent/tools";
import type { HeadlessWorkspace } from "./headless";

/**
 * The request of a headless chat turn: the chat session's own (`sessionPrepareRequest`), over
 * the vault folder's memory. Kept for the tests that build a turn by hand.
 */
export function headlessPrepareRequest(headless: HeadlessWorkspace, deps: MemoryToolDeps, tools: readonly ToolDefinition[]): PrepareRequest {
	void headless;
	return sessionPrepareRequest(deps, tools);
}
