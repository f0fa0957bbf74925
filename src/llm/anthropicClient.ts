import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/messages/messages";
import { ModelError, type ModelClient, type ModelEvent, type ModelInfo, type ModelRequest } from "../core/agent/model";
import type { TaskScheduler } from "../core/ports";
import { abortableSleep } from "./abortableSleep";
import { abortedError } from "./abortedError";
import { toMessageParams } from "./messageParams";
import { toModelError } from "./modelErrors";
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from "./retryPolicy";
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
}

/** The model port over Anthropic's Messages API, streaming, through the official SDK. */
export class AnthropicModelClient implements ModelClient {
	readonly offline = false;
	private readonly sdk: AnthropicSdk;
	private readonly retryPolicy: RetryPolicy;
	private readonly delay: TaskScheduler["delay"];
	private readonly random: () => number;

	constructor(options: AnthropicClientOptions) {
		this.sdk = createSdkClient(options);
		this.retryPolicy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
		this.delay = options.delay;
		this.random = options.random ?? Math.random;
	}

	/**
	 * Streams one answer. A failure before any event reached the caller is retried when the policy
	 * says so; after that it never is, so the caller keeps the partial answer and gets `stream-cut`.
	 */
	async *stream(request: ModelRequest): AsyncGenerator<ModelEvent, void, undefined> {
		const params = toMessageParams(request);
		const { signal } = request;
		for (let attempt = 1; ; attempt++) {
			let emitted = false;
			try {
				for await (const event of this.attempt(params, signal)) {
					emitted = true;
					yield event;
				}
				return;
			} catch (error) {
				const failure = toModelError(error, { phase: "stream", signal, midAnswer: emitted });
				const waitMs = emitted ? undefined : retryDelayMs(failure, attempt, this.retryPolicy, this.random);
				if (waitMs === undefined) throw failure;
				await abortableSleep(this.delay, waitMs, signal);
				if (signal?.aborted === true) throw abortedError();
			}
		}
	}

	private async *attempt(params: MessageCreateParamsStreaming, signal: AbortSignal | undefined): AsyncGenerator<ModelEvent> {
		let events;
		try {
			events = await this.sdk.messages.create(params, { signal });
		} catch (error) {
			throw toModelError(error, { phase: "request", signal, midAnswer: false });
		}
		const translator = new StreamTranslator();
		for await (const event of events) {
			// Events already buffered when the user stopped are dropped: nothing arrives after a stop.
			if (signal?.aborted === true) throw abortedError();
			yield* translator.translate(event);
		}
		// The SDK ends the stream quietly when the request is aborted; a server that stops early looks the same.
		if (!translator.finished) {
			throw signal?.aborted === true
				? abortedError()
				: new ModelError("stream-cut", "The connection closed before the answer was complete.");
		}
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
