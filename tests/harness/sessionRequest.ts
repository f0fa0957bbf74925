import { FRESH_CONVERSATION } from "../../src/core/agent/context";
import type { PrepareRequest } from "../../src/core/agent/loop";
import {
	sessionRequestBuilder,
	type ContextNotes,
	type ContextSizes,
} from "../../src/core/agent/session/sessionContext";
import type { MemoryToolDeps } from "../../src/core/agent/tools";
import type { ToolDefinition } from "../../src/core/model/modelClient";

/** The request of a turn for the loop as a chat session builds it, over a conversation never compacted before. */
export function sessionPrepareRequest(
	deps: MemoryToolDeps,
	tools: readonly ToolDefinition[],
	notes: ContextNotes = {},
	sizes: ContextSizes = {},
): PrepareRequest {
	const prepare = sessionRequestBuilder(deps, tools, notes, sizes);
	return async (conversation, userMessage) => (await prepare(conversation, FRESH_CONVERSATION, userMessage)).request;
}
