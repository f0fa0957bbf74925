/** What the workspace serves an MCP client, without the protocol: the hosts wrap it in a server. */
export {
	HOT_MEMORY_URI,
	MAX_ARGUMENTS_CHARS,
	mcpSurface,
	START_SESSION_PROMPT,
	type McpSessionOptions,
	type McpSurface,
	type McpSurfaceDeps,
	type ServedPrompt,
	type ServedResource,
	type ServedText,
	type ServedTool,
} from "./mcpSurface";
export { CallBudget, MCP_CALL_LIMITS, MCP_HOST_LIMITS, type CallLimits } from "./callBudget";
