import { BaseAnthropic, type ClientOptions } from "@anthropic-ai/sdk/client";
import { Messages } from "@anthropic-ai/sdk/resources/messages/messages";
import { Models } from "@anthropic-ai/sdk/resources/models";
import { serverRoot, type CompatibleServer } from "../core/model/modelServer";

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

/** What every client of the plugin sets, whoever answers. */
const COMMON_OPTIONS = {
	// Obsidian is a browser (Electron, mobile webviews): the SDK then fetches with the webview's
	// own `fetch`, never Node's http.
	dangerouslyAllowBrowser: true,
	// Our own retry loop decides, so that it never retries once part of an answer was shown.
	maxRetries: 0,
	// Prompts hold the user's notes: never hand them to a tracer another plugin registered.
	openTelemetry: false,
	// Failures reach the user as `ModelError`s; the console stays quiet.
	logLevel: "off",
} as const satisfies ClientOptions;

export function createSdkClient(options: SdkClientOptions): AnthropicSdk {
	return new AnthropicSdk({
		...COMMON_OPTIONS,
		apiKey: options.apiKey,
		// Explicit, so that an `ANTHROPIC_BASE_URL` in the desktop app's environment cannot send the key elsewhere.
		baseURL: options.baseURL ?? "https://api.anthropic.com",
	});
}

/**
 * The SDK pointed at a compatible server, and at it alone.
 *
 * The key, when the user gave one, goes as `Authorization: Bearer` (the SDK's only scheme):
 * LM Studio and llama.cpp's server take it, Ollama ignores it. Without a key the SDK still needs
 * a credential, or it reads `ANTHROPIC_API_KEY`, a token or a profile from the environment, and an
 * Anthropic key must never reach another server: it gets an empty one, and the `Authorization`
 * header is then removed, so the request carries no credential at all.
 *
 * The two Anthropic headers go too: Ollama's CORS lets through a fixed list of request headers
 * (content type, authorization and the SDK's `x-stainless-*` ones) and neither
 * `anthropic-version` nor `anthropic-dangerous-direct-browser-access` is on it, so Obsidian's
 * window would be refused; none of the servers needs them.
 */
export function createServerSdk(server: CompatibleServer): AnthropicSdk {
	const key = server.apiKey?.trim() ?? "";
	return new AnthropicSdk({
		...COMMON_OPTIONS,
		authToken: key,
		baseURL: serverRoot(server.baseURL),
		defaultHeaders: {
			"anthropic-version": null,
			"anthropic-dangerous-direct-browser-access": null,
			...(key === "" && { authorization: null }),
		},
	});
}
