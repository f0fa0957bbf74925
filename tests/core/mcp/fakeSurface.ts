import type { McpSurface } from "../../../src/core/mcp";

/**
 * A surface with one tool (`echo`, which answers with its `text`), one resource and one prompt,
 * for the protocol and its transports without a vault; a test overrides what it needs.
 */
export function fakeSurface(overrides: Partial<McpSurface> = {}): McpSurface {
	return {
		actor: () => "mcp:fake",
		listTools: () => [
			{
				name: "echo",
				description: "Answers with its text.",
				inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
				readOnly: true,
			},
		],
		callTool: async (_name, input) => ({
			text: String((input as { text?: unknown }).text ?? ""),
			isError: false,
		}),
		listResources: () => [
			{ uri: "workspace://memory/hot", name: "hot memory", description: "Hot.", mimeType: "text/markdown" },
		],
		readResource: async (uri) => (uri === "workspace://memory/hot" ? { text: "Likes tea.", isError: false } : null),
		listPrompts: () => [{ name: "start-session", description: "Opens a session." }],
		getPrompt: async (name) => (name === "start-session" ? { text: "Hello.", isError: false } : null),
		...overrides,
	};
}
