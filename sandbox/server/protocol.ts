/** The header the page sends with every change, which a page of another origin cannot send without asking. */
export const WRITE_HEADER = "x-assistant-sandbox";

/** What the page learns of its sandbox at start (`GET /api/config`). */
export interface SandboxConfig {
	/** Where the plugin's model requests go instead of Anthropic's API (the fake server of the tests). */
	readonly anthropicBaseURL: string | null;
	/** Obsidian's interface language in the page. */
	readonly language: string;
	/**
	 * The moment the plugin's clock starts from (ISO 8601), which then runs at the real pace: a
	 * test sets the hour the heartbeat sees. `null`: the real time.
	 */
	readonly now: string | null;
	/** Secrets in Obsidian's secret storage when the page opens (a test's fake key), by name. */
	readonly secrets: Readonly<Record<string, string>>;
	readonly configDir: string;
	readonly manifest: {
		readonly id: string;
		readonly name: string;
		readonly version: string;
		readonly minAppVersion: string;
		readonly description: string;
		readonly author: string;
	};
}

/** Where the page's `requestUrl` asks the server to make a request for it (see `requestUrlProxy.ts`). */
export const REQUEST_URL_PATH = "/api/request-url";
