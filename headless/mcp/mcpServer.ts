import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
	CallToolRequestSchema,
	ErrorCode,
	GetPromptRequestSchema,
	ListPromptsRequestSchema,
	ListResourcesRequestSchema,
	ListToolsRequestSchema,
	McpError,
	ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpSurface } from "../../src/core/mcp";
import type { AttachmentBlock } from "../../src/core/model/modelClient";

/** What the server says it is to a client. */
export const SERVER_INFO = { name: "assistant-workspace", version: "0.1.0" } as const;

/**
 * One MCP session's server over the workspace's surface: the SDK's low-level `Server`, whose
 * requests are answered by the surface as they are, with the tools' own JSON schemas. The surface
 * is made for the session once the client is known, so that its budget is the session's and its
 * writes name the client that made them.
 */
export function createMcpServer(openSurface: (clientName: () => unknown) => McpSurface): Server {
	const server = new Server(SERVER_INFO, {
		capabilities: { tools: {}, resources: {}, prompts: {} },
		instructions:
			"The user's Assistant Workspace: their notes and the assistant's memory in an Obsidian vault. Search it before answering from memory; notes the user made private do not exist here.",
	});
	const surface = openSurface(() => server.getClientVersion()?.name);

	server.setRequestHandler(ListToolsRequestSchema, () => ({
		tools: surface.listTools().map((tool) => ({
			name: tool.name,
			description: tool.description,
			inputSchema: { ...tool.inputSchema },
			// Hints a client may show or act on (asking before a write); the server enforces nothing by them.
			annotations: { readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: false },
		})),
	}));
	server.setRequestHandler(CallToolRequestSchema, async (request) => {
		const answer = await surface.callTool(request.params.name, request.params.arguments ?? {});
		return {
			content: [{ type: "text", text: answer.text }, ...(answer.attachments ?? []).map(attachmentContent)],
			isError: answer.isError,
		};
	});
	server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [...surface.listResources()] }));
	server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
		const { uri } = request.params;
		const answer = await surface.readResource(uri);
		// The URI is not echoed: it came from the client and may be anything, of any length.
		if (answer === null)
			throw new McpError(ErrorCode.InvalidParams, "No such resource; list them with resources/list.");
		if (answer.isError) throw new McpError(ErrorCode.InvalidRequest, answer.text);
		return { contents: [{ uri, mimeType: "text/markdown", text: answer.text }] };
	});
	server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [...surface.listPrompts()] }));
	server.setRequestHandler(GetPromptRequestSchema, async (request) => {
		const answer = await surface.getPrompt(request.params.name);
		if (answer === null) throw new McpError(ErrorCode.InvalidParams, "No such prompt; list them with prompts/list.");
		if (answer.isError) throw new McpError(ErrorCode.InvalidRequest, answer.text);
		return {
			description: surface.listPrompts().find((prompt) => prompt.name === request.params.name)?.description,
			messages: [{ role: "user", content: { type: "text", text: answer.text } }],
		};
	});
	return server;
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
