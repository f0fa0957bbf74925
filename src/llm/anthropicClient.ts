import type { ModelClient, ModelEvent, ModelInfo, ModelRequest } from "../core/model/modelClient";
import type { TaskScheduler } from "../core/ports";
import { toMessageParams } from "./messageParams";
import { streamMessages, type MessagesDialect, type StreamTiming } from "./messagesStream";
import { toModelError } from "./modelErrors";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retryPolicy";
import { createSdkClient, type AnthropicSdk } from "./sdkClient";
import { StreamTranslator } from "./streamTranslator";

export interface AnthropicClientOptions {
	readonly apiKey: string;
	/** Another Messages API host (the tests' fake server); Anthropic's when absent. */
	readonly baseURL?: string;
	/** The host's timers, for the waits between tries (the window's in Obsidian); tests record them. */
	readonly delay: TaskScheduler["delay"];
	readonly retryPolicy?: RetryPolicy;
	/** In [0, 1), for the backoff's jitter. */
	readonly random?: () => number;
	/** A stream that sends nothing for this long is given up on (`idle-timeout`); `MODEL_IDLE_TIMEOUT_MS` when absent. */
	readonly idleTimeoutMs?: number;
	/** The idle limit's timers, `delay` when absent: a test that skips the waits between tries keeps real timers here. */
	readonly idleDelay?: TaskScheduler["delay"];
}

/**
 * Anthropic's stream sends a token every fraction of a second while the model writes and keeps
 * an idle connection alive with pings (which the SDK swallows, so they do not count here); a
 * minute and a half with no event at all is a connection that stalled, not a model thinking.
 */
export const MODEL_IDLE_TIMEOUT_MS = 90_000;

/** The timing of a client from its options. */
export function streamTiming(options: Omit<AnthropicClientOptions, "apiKey" | "baseURL">): StreamTiming {
	return {
		delay: options.delay,
		idleDelay: options.idleDelay ?? options.delay,
		idleTimeoutMs: options.idleTimeoutMs ?? MODEL_IDLE_TIMEOUT_MS,
		retryPolicy: options.retryPolicy ?? DEFAULT_RETRY_POLICY,
		random: options.random ?? Math.random,
	};
}

/** Anthropic's API: the prompt cache marked, every event as the API documents it, its answers begin at once. */
const ANTHROPIC_DIALECT: MessagesDialect = {
	params: (request) => toMessageParams(request),
	translator: () => new StreamTranslator(),
	requestFailure: (error, context) => Promise.resolve(toModelError(error, context)),
};

/** The model port over Anthropic's Messages API, streaming, through the official SDK. */
export class AnthropicModelClient implements ModelClient {
	readonly offline = false;
	/** Claude reads images and PDFs. */
	readonly readsAttachments = true;
	private readonly sdk: AnthropicSdk;
	private readonly timing: StreamTiming;

	constructor(options: AnthropicClientOptions) {
		this.sdk = createSdkClient(options);
		this.timing = streamTiming(options);
	}

	stream(request: ModelRequest): AsyncGenerator<ModelEvent, void, undefined> {
		return streamMessages(this.sdk, request, ANTHROPIC_DIALECT, this.timing);
	}

	/** The models this key can use, newest first as the API lists them; retired ones are left out. */
	async listModels(signal?: AbortSignal): Promise<ModelInfo[]> {
		const models: ModelInfo[] = [];
		try {
			for await (const model of this.sdk.models.list({ limit: 100 }, { signal })) {
				if (model.lifecycle !== "retired") models.push({ id: model.id, displayName: model.display_name });
			}
		} catch (error) {
			throw toModelError(error, { phase: "request", signal, midAnswer: false });
		}
		return models;
	}
}
