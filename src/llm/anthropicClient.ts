import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/messages/messages";
import {
	ModelError,
	type ModelClient,
	type ModelEvent,
	type ModelInfo,
	type ModelRequest,
} from "../core/model/modelClient";
import { TimeLimit } from "../core/model/timeLimit";
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

/** The model port over Anthropic's Messages API, streaming, through the official SDK. */
export class AnthropicModelClient implements ModelClient {
	readonly offline = false;
	private readonly sdk: AnthropicSdk;
	private readonly retryPolicy: RetryPolicy;
	private readonly delay: TaskScheduler["delay"];
	private readonly random: () => number;
	private readonly idleTimeoutMs: number;
	private readonly idleDelay: TaskScheduler["delay"];

	constructor(options: AnthropicClientOptions) {
		this.sdk = createSdkClient(options);
		this.retryPolicy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
		this.delay = options.delay;
		this.random = options.random ?? Math.random;
		this.idleTimeoutMs = options.idleTimeoutMs ?? MODEL_IDLE_TIMEOUT_MS;
		this.idleDelay = options.idleDelay ?? options.delay;
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
					// The count at the start is no part of the answer: a stream that broke after it may still be tried again.
					if (event.type !== "usage_start") emitted = true;
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

	/**
	 * One request and its stream. The idle limit runs from the request on and starts again at
	 * each event the SDK hands over; when it runs out, the request is aborted and the attempt
	 * fails with `idle-timeout`, whatever the aborted SDK call made of it (an error, or a stream
	 * that ended early).
	 */
	private async *attempt(
		params: MessageCreateParamsStreaming,
		signal: AbortSignal | undefined,
	): AsyncGenerator<ModelEvent> {
		const idle = new TimeLimit(this.idleDelay, this.idleTimeoutMs, signal);
		try {
			yield* this.streamed(params, signal, idle);
		} catch (error) {
			throw idle.expired ? stalled(this.idleTimeoutMs) : error;
		} finally {
			idle.dispose();
		}
	}

	private async *streamed(
		params: MessageCreateParamsStreaming,
		signal: AbortSignal | undefined,
		idle: TimeLimit,
	): AsyncGenerator<ModelEvent> {
		let events;
		try {
			events = await this.sdk.messages.create(params, { signal: idle.signal });
		} catch (error) {
			throw toModelError(error, { phase: "request", signal, midAnswer: false });
		}
		const translator = new StreamTranslator();
		for await (const event of events) {
			// Events already buffered when the user stopped are dropped: nothing arrives after a stop.
			if (signal?.aborted === true) throw abortedError();
			idle.restart();
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

function stalled(idleTimeoutMs: number): ModelError {
	return new ModelError("idle-timeout", `The stream sent nothing for ${idleTimeoutMs / 1000} s.`);
}
