import { BaseAnthropic, type ClientOptions } from "@anthropic-ai/sdk/client";
import { Messages } from "@anthropic-ai/sdk/resources/messages/messages";
import { Models } from "@anthropic-ai/sdk/resources/models";
import { serverRoot, type CompatibleServer } from "../core/model/modelServer";
import { refuseRedirects } from "./redirectRefusal";

/** Anthropic's address, where a request goes when the settings name no other. */
export const ANTHROPIC_BASE_URL = "https://api.anthropic.com";

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
	// A request goes to the address the user set and nowhere else, whatever the server answers.
	middleware: [refuseRedirects],
} as const satisfies ClientOptions;

export function createSdkClient(options: SdkClientOptions): AnthropicSdk {
	return new AnthropicSdk({
		...COMMON_OPTIONS,
		apiKey: options.apiKey,
		// Explicit, so that an `ANTHROPIC_BASE_URL` in the desktop app's environment cannot send the key elsewhere.
		baseURL: options.baseURL ?? ANTHROPIC_BASE_URL,
	});
}

/**
 * The headers a compatible server is sent: the body's type, what the SDK says of itself, and
 * the server's own key. Any other is Anthropic's, or one the environment added for Anthropic.
 * Ollama's CORS lets through these and no others, so Obsidian's window would be refused with
 * `anthropic-version` or `anthropic-dangerous-direct-browser-access`; no server needs them.
 */
const SERVER_HEADERS = /^(?:accept|content-type|user-agent|authorization|x-stainless-[a-z-]+)$/;

/**
 * The SDK for a compatible server. The SDK adds the headers of `ANTHROPIC_CUSTOM_HEADERS` to
 * every request, wherever it goes, and the environment may set it for Anthropic (a gateway's
 * credential, an `x-api-key`): the request keeps only the headers a server is meant to get.
 */
class ServerSdk extends AnthropicSdk {
	protected override async prepareRequest(
		request: RequestInit,
		context: Parameters<AnthropicSdk["prepareRequest"]>[1],
	): Promise<void> {
		await super.prepareRequest(request, context);
		const headers = new Headers(request.headers);
		const others: string[] = [];
		headers.forEach((_, name) => {
			if (!SERVER_HEADERS.test(name)) others.push(name);
		});
		for (const name of others) headers.delete(name);
		request.headers = headers;
	}
}

/**
 * The SDK pointed at a compatible server, and at it alone.
 *
 * The key, when the user gave one, goes as `Authorization: Bearer` (the SDK's only scheme):
 * LM Studio and llama.cpp's server take it, Ollama ignores it. Without a key the SDK still needs
 * a credential, or it reads `ANTHROPIC_API_KEY`, a token or a profile from the environment, and an
 * Anthropic key must never reach another server: it gets an empty one, and the `Authorization`
 * header is then removed, so the request carries no credential at all.
 */
export function createServerSdk(server: CompatibleServer): AnthropicSdk {
	const key = server.apiKey?.trim() ?? "";
	return new ServerSdk({
		...COMMON_OPTIONS,
		authToken: key,
		baseURL: serverRoot(server.baseURL),
		// Named here, so that an `Authorization` from the environment never stands in for it.
		defaultHeaders: { authorization: key === "" ? null : `Bearer ${key}` },
	});
}
