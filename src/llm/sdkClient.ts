import { BaseAnthropic } from "@anthropic-ai/sdk/client";
import { Messages } from "@anthropic-ai/sdk/resources/messages/messages";
import { Models } from "@anthropic-ai/sdk/resources/models";

export interface SdkClientOptions {
	readonly apiKey: string;
	/** Another Messages API host, e.g. the fake server of the tests; Anthropic's when absent. */
	readonly baseURL?: string;
}

/**
 * The SDK with only the two resources the plugin calls. `Anthropic` itself carries every API
 * (beta, organizations, skills ...), which is about 390 kB of a browser bundle; this class is
 * about 125 kB.
 */
export class AnthropicSdk extends BaseAnthropic {
	readonly messages = new Messages(this);
	readonly models = new Models(this);
}

export function createSdkClient(options: SdkClientOptions): AnthropicSdk {
	return new AnthropicSdk({
		apiKey: options.apiKey,
		// Explicit, so that an `ANTHROPIC_BASE_URL` in the desktop app's environment cannot send the key elsewhere.
		baseURL: options.baseURL ?? "https://api.anthropic.com",
		// Obsidian is a browser (Electron, mobile webviews): the SDK then sends the direct-access
		// header that CORS needs, and fetches with the webview's own `fetch`, never Node's http.
		dangerouslyAllowBrowser: true,
		// Our own retry loop decides, so that it never retries once part of an answer was shown.
		maxRetries: 0,
		// Prompts hold the user's notes: never hand them to a tracer another plugin registered.
		openTelemetry: false,
		// Failures reach the user as `ModelError`s; the console stays quiet.
		logLevel: "off",
	});
}
