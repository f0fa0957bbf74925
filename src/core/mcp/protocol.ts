import type { AttachmentBlock } from "../model/modelClient";
import type { McpSurface, ServedTool } from "./mcpSurface";

/**
 * The MCP protocol a server needs, answered over the workspace's surface: JSON-RPC 2.0, one
 * message at a time, about ten methods. Pure, so that every host (the headless process over
 * stdio and HTTP, the plugin's desktop server) speaks the very same protocol; the official SDK's
 * server would bring zod, ajv and an HTTP framework into a plugin loaded on every phone.
 * Everything a client sends is checked here by hand and refused when it is not what MCP says.
 */

/** What the server says it is to a client. The version is the plugin's (a test holds it to manifest.json). */
export const SERVER_INFO = { name: "assistant-workspace", version: "0.1.0" } as const;

/**
 * The protocol revisions answered, newest first: those the SDK client of our tests speaks.
 * A client asking for one of them gets it; any other gets the newest, and decides whether it can
 * go on (what the MCP lifecycle asks of a server).
 */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
	"2025-11-25",
	"2025-06-18",
	"2025-03-26",
	"2024-11-05",
	"2024-10-07",
];
export const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];

const INSTRUCTIONS =
	"The user's Assistant Workspace: their notes and the assistant's memory in an Obsidian vault. Search it before answering from memory; notes the user made private do not exist here.";

export interface JsonRpcError {
	readonly code: number;
	readonly message: string;
	readonly data?: unknown;
}

export interface JsonRpcResponse {
	readonly jsonrpc: "2.0";
	readonly id: string | number | null;
	readonly result?: unknown;
	readonly error?: JsonRpcError;
}

export interface McpProtocolSession {
	/** Answers one parsed JSON-RPC message: a request gives its response, a notification or a response gives null. */
	receive(message: unknown): Promise<JsonRpcResponse | null>;
	/** The protocol version agreed at initialize, null before. */
	readonly protocolVersion: string | null;
}

/** JSON-RPC's own error codes, the only ones answered. */
export const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

type RequestId = string | number;
type Params = Readonly<Record<string, unknown>>;

/** A refusal of a request's shape or parameters, answered with its code and short message. */
class Refused extends Error {
	constructor(
		readonly code: number,
		message: string,
	) {
		super(message);
	}
}

/**
 * One client's session: its surface is opened at `initialize`, once the client has said its name
 * (the surface's budget is the session's, its writes are audited under that name).
 */
export function openProtocolSession(openSurface: (clientName: () => unknown) => McpSurface): McpProtocolSession {
	let surface: McpSurface | null = null;
	let protocolVersion: string | null = null;

	const initialize = (params: Params) => {
		if (surface !== null) throw new Refused(INVALID_REQUEST, "Already initialized.");
		const requested = params.protocolVersion;
		if (typeof requested !== "string") throw new Refused(INVALID_PARAMS, "protocolVersion must be a string.");
		const clientInfo = params.clientInfo;
		if (!isObject(clientInfo) || typeof clientInfo.name !== "string")
			throw new Refused(INVALID_PARAMS, "clientInfo.name must be a string.");
		if (params.capabilities !== undefined && !isObject(params.capabilities))
			throw new Refused(INVALID_PARAMS, "capabilities must be an object.");
		const clientName = clientInfo.name;
		const opened = openSurface(() => clientName);
		const agreed = SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
		surface = opened;
		protocolVersion = agreed;
		return {
			protocolVersion: agreed,
			capabilities: { tools: {}, resources: {}, prompts: {} },
			serverInfo: SERVER_INFO,
			instructions: INSTRUCTIONS,
		};
	};

	const answer = async (method: string, params: Params): Promise<unknown> => {
		if (method === "initialize") return initialize(params);
		// The one request the lifecycle allows before initialization.
		if (method === "ping") return {};
		if (surface === null) throw new Refused(INVALID_REQUEST, "Not initialized; send initialize first.");
		switch (method) {
			case "tools/list":
				return { tools: surface.listTools().map(listedTool) };
			case "tools/call": {
				const name = stringParam(params, "name");
				const input = objectParam(params, "arguments") ?? {};
				const called = await surface.callTool(name, input);
				return {
					content: [{ type: "text", text: called.text }, ...(called.attachments ?? []).map(attachmentContent)],
					isError: called.isError,
				};
			}
			case "resources/list":
				return { resources: [...surface.listResources()] };
			case "resources/templates/list":
				// Resources are listed whole, none is made from a template; said plainly so a client that asks gets no error.
				return { resourceTemplates: [] };
			case "resources/read": {
				const uri = stringParam(params, "uri");
				const read = await surface.readResource(uri);
				// The URI is not echoed: it came from the client and may be anything, of any length.
				if (read === null) throw new Refused(INVALID_PARAMS, "No such resource; list them with resources/list.");
				if (read.isError) throw new Refused(INVALID_REQUEST, read.text);
				return { contents: [{ uri, mimeType: "text/markdown", text: read.text }] };
			}
			case "prompts/list":
				return { prompts: [...surface.listPrompts()] };
			case "prompts/get": {
				const name = stringParam(params, "name");
				// The one prompt takes no arguments; any given are ignored, but only when they have MCP's shape.
				objectParam(params, "arguments");
				const prompt = await surface.getPrompt(name);
				if (prompt === null) throw new Refused(INVALID_PARAMS, "No such prompt; list them with prompts/list.");
				if (prompt.isError) throw new Refused(INVALID_REQUEST, prompt.text);
				const description = surface.listPrompts().find((listed) => listed.name === name)?.description;
				return {
					...(description !== undefined && { description }),
					messages: [{ role: "user", content: { type: "text", text: prompt.text } }],
				};
			}
			default:
				throw new Refused(METHOD_NOT_FOUND, "Method not found.");
		}
	};

	return {
		get protocolVersion() {
			return protocolVersion;
		},

		async receive(message) {
			if (Array.isArray(message)) return errorResponse(null, INVALID_REQUEST, "Batches are not supported.");
			if (!isObject(message) || message.jsonrpc !== "2.0")
				return errorResponse(null, INVALID_REQUEST, "Not a JSON-RPC 2.0 message.");
			const hasId = "id" in message;
			if (hasId && !isRequestId(message.id)) return errorResponse(null, INVALID_REQUEST, "Invalid id.");
			const id = hasId ? (message.id as RequestId) : null;
			if (!("method" in message)) {
				// A response to a request of ours: none is ever sent, so there is nothing to match it to.
				if (hasId && ("result" in message || "error" in message)) return null;
				return errorResponse(id, INVALID_REQUEST, "Not a request, a notification or a response.");
			}
			if (typeof message.method !== "string") return errorResponse(id, INVALID_REQUEST, "method must be a string.");
			// Notifications need no answer: `initialized` changes nothing here (no request is ever sent to the
			// client) and `cancelled` comes too late, every answer being made in one go.
			if (!hasId) return null;
			const params = message.params;
			if (params !== undefined && !isObject(params))
				return errorResponse(id, INVALID_PARAMS, "params must be an object.");
			try {
				return { jsonrpc: "2.0", id, result: await answer(message.method, params ?? {}) };
			} catch (error) {
				// The surface's own errors (a disk that failed, a bug) stay here: the client gets no detail of them.
				if (error instanceof Refused) return errorResponse(id, error.code, error.message);
				return errorResponse(id, INTERNAL_ERROR, "Internal error");
			}
		},
	};
}

/** Whether a message is an `initialize` request, the one that opens a session over HTTP. */
export function isInitializeRequest(message: unknown): boolean {
	return isObject(message) && message.method === "initialize" && "id" in message;
}

/** Whether a JSON value is an object with keys (not null, not an array). */
function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** MCP's request ids: a string or an integer, never null. */
function isRequestId(value: unknown): value is RequestId {
	return typeof value === "string" || (typeof value === "number" && Number.isSafeInteger(value));
}

function stringParam(params: Params, key: string): string {
	const value = params[key];
	if (typeof value !== "string") throw new Refused(INVALID_PARAMS, `${key} must be a string.`);
	return value;
}

/** An optional object parameter: `undefined` when absent, refused when present and not an object. */
function objectParam(params: Params, key: string): Params | undefined {
	const value = params[key];
	if (value !== undefined && !isObject(value)) throw new Refused(INVALID_PARAMS, `${key} must be an object.`);
	return value;
}

/** An error answer; the hosts use it too, for what they refuse before a message reaches a session. */
export function errorResponse(id: RequestId | null, code: number, message: string): JsonRpcResponse {
	return { jsonrpc: "2.0", id, error: { code, message } };
}

function listedTool(tool: ServedTool) {
	return {
		name: tool.name,
		description: tool.description,
		inputSchema: { ...tool.inputSchema },
		// Hints a client may show or act on (asking before a write); the server enforces nothing by them.
		annotations: { readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: false },
	};
}

/**
 * An image or PDF a tool read, as MCP content: an image as an image, a PDF as an embedded
 * resource (MCP has no document content), named by its vault path under `workspace://file/`.
 */
function attachmentContent(file: AttachmentBlock) {
	return file.type === "image"
		? { type: "image" as const, data: file.data, mimeType: file.mediaType }
		: {
				type: "resource" as const,
				resource: { uri: `workspace://file/${encodeURI(file.name)}`, mimeType: file.mediaType, blob: file.data },
			};
}
