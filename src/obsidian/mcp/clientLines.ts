/**
 * What a person pastes into an MCP client to connect it to the plugin's server, exactly as the
 * client reads it. Kept apart from the settings tab so the lines are testable without Obsidian.
 */

/** The server's name in the clients' lists. */
const SERVER_NAME = "assistant-workspace";

/**
 * The stdio bridge Claude Desktop starts: its configuration file takes programs only, and
 * Anthropic's connectors reach a server from Anthropic's cloud, which cannot see this computer's
 * 127.0.0.1. Pinned, so that what runs with the token is the version this line was written for.
 */
export const MCP_REMOTE_PACKAGE = "mcp-remote@0.1.38";

/** Where the server listens: loopback only, the port the settings give. */
export function mcpServerUrl(port: number): string {
	return `http://127.0.0.1:${port}/mcp`;
}

/** The Claude Code command that adds the server, over Streamable HTTP with its token. */
export function claudeCodeLine(url: string, token: string): string {
	return `claude mcp add --transport http ${SERVER_NAME} ${url} --header "Authorization: Bearer ${token}"`;
}

/**
 * The `mcpServers` entry of Claude Desktop's `claude_desktop_config.json`. The header is given
 * through an environment variable, as mcp-remote documents: Claude Desktop on Windows does not
 * quote an argument with a space in it, and `Authorization: Bearer …` would reach the bridge in pieces.
 */
export function claudeDesktopConfig(url: string, token: string): string {
	const config = {
		mcpServers: {
			[SERVER_NAME]: {
				command: "npx",
				args: ["-y", MCP_REMOTE_PACKAGE, url, "--header", "Authorization:${AUTH_HEADER}"],
				env: { AUTH_HEADER: `Bearer ${token}` },
			},
		},
	};
	return JSON.stringify(config, null, 2);
}
