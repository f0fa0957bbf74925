import type { App } from "obsidian";
import { tokenProblem } from "../../core/mcp/requestGuard";

/** 32 random bytes: 64 hexadecimal characters, twice the shortest token the server accepts. */
const TOKEN_BYTES = 32;

/**
 * The MCP server's bearer token, kept in Obsidian's SecretStorage under the name the settings
 * give (never in `data.json`, which a sync service or a shared vault carries elsewhere).
 */
export class McpToken {
	constructor(
		private readonly app: App,
		/** The name the settings keep the token under, shown to the user (the token itself only in the client lines). */
		readonly secretName: () => string,
	) {}

	/** The token as stored, `null` when there is none that could guard a server. */
	current(): string | null {
		const stored = this.app.secretStorage.getSecret(this.secretName())?.trim() ?? "";
		return tokenProblem(stored) === null ? stored : null;
	}

	/** The token, made the first time the server is turned on (or when the stored one is unusable). */
	ensure(): string {
		return this.current() ?? this.regenerate();
	}

	/** A new token, in place of the old one: a client still holding the old one is refused from now on. */
	regenerate(): string {
		const token = randomToken();
		this.app.secretStorage.setSecret(this.secretName(), token);
		return token;
	}
}

/** From the Web Crypto API, which Obsidian's window has on every platform: no Node module needed. */
function randomToken(): string {
	const bytes = new Uint8Array(TOKEN_BYTES);
	window.crypto.getRandomValues(bytes);
	return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
