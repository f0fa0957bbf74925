/** What the workspace serves an MCP client, the protocol every host speaks over it, and the checks of a request over HTTP. */
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
export {
	errorResponse,
	isInitializeRequest,
	LATEST_PROTOCOL_VERSION,
	openProtocolSession,
	PARSE_ERROR,
	SERVER_INFO,
	SUPPORTED_PROTOCOL_VERSIONS,
	type JsonRpcResponse,
	type McpProtocolSession,
} from "./protocol";
export { checkRequest, tokenProblem, type TokenProblem } from "./requestGuard";
