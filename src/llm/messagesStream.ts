import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/messages/messages";
import { ModelError, type ModelEvent, type ModelRequest } from "../core/model/modelClient";
import { TimeLimit } from "../core/model/timeLimit";
import type { TaskScheduler } from "../core/ports";
import { abortableSleep } from "./abortableSleep";
import { abortedError } from "./abortedError";
import { toModelError, type FailureContext } from "./modelErrors";
import { ModelLoadingError } from "./serverErrors";
import { retryDelayMs, type RetryPolicy } from "./retryPolicy";
import type { AnthropicSdk } from "./sdkClient";
import type { StreamTranslator } from "./streamTranslator";
import { WaitNotice } from "./waitNotice";

/** How one kind of server is spoken to: the body it gets, how its stream is read, how long it is waited for, what its failures mean. */
export interface MessagesDialect {
	params(request: ModelRequest): MessageCreateParamsStreaming;
	translator(request: ModelRequest): StreamTranslator;
	/** How long the first event may take; the idle limit when absent. */
	readonly firstEventTimeoutMs?: number;
	/** After this long with no event yet, the caller hears `waiting-for-model` (once per request); never when absent. */
	readonly waitingNoticeMs?: number;
	/**
	 * How often a server that said it is loading the model (`ModelLoadingError`) is asked again,
	 * for as long as the first event may take; such a server fails at once when absent.
	 */
	readonly loadingPollMs?: number;
	/** What a request that failed before any response means to the user. */
	requestFailure(error: unknown, context: FailureContext, request: ModelRequest): Promise<ModelError>;
}

/** The timers and policies of one client. */
export interface StreamTiming {
	/** The host's timers, for the waits between tries and the waiting notice. */
	readonly delay: TaskScheduler["delay"];
	/** The time limits' timers (the first event, the idle limit). */
	readonly idleDelay: TaskScheduler["delay"];
	readonly idleTimeoutMs: number;
	readonly retryPolicy: RetryPolicy;
	/** In [0, 1), for the backoff's jitter. */
	readonly random: () => number;
}

/**
 * Streams one answer. A failure before any of the answer reached the caller is retried when the
 * policy says so; after that it never is, so the caller keeps the partial answer and gets
 * `stream-cut`. The count at the start and the waiting notice are no part of the answer. A
 * server still loading the model is asked again, patiently, without counting as a retry.
 */
export async function* streamMessages(
	sdk: AnthropicSdk,
	request: ModelRequest,
	dialect: MessagesDialect,
	timing: StreamTiming,
): AsyncGenerator<ModelEvent, void, undefined> {
	// A server's model stays unnamed until the user picks one, and a server asked for a model
	// named "" refuses it in its own words or answers with whichever model it has loaded.
	if (request.model.trim() === "") throw new ModelError("unknown-model", "No model is chosen.");
	const params = dialect.params(request);
	const { signal } = request;
	const notice = new WaitNotice(timing.delay, dialect.waitingNoticeMs);
	let loadingPolls = loadingPollsAllowed(dialect, timing);
	try {
		for (let attempt = 1; ;) {
			let emitted = false;
			try {
				for await (const event of attemptOnce(sdk, params, request, dialect, timing, notice)) {
					if (event.type !== "usage_start" && event.type !== "waiting-for-model") emitted = true;
					yield event;
				}
				return;
			} catch (error) {
				const failure = toModelError(error, { phase: "stream", signal, midAnswer: emitted });
				if (!emitted && failure instanceof ModelLoadingError) {
					// Asked again, patiently, until the first event's limit has passed; then given up on.
					if (dialect.loadingPollMs === undefined || loadingPolls-- <= 0) throw failure;
					yield* notice.now();
					await pause(timing, dialect.loadingPollMs, signal);
					continue;
				}
				const waitMs = emitted ? undefined : retryDelayMs(failure, attempt++, timing.retryPolicy, timing.random);
				if (waitMs === undefined) throw failure;
				await pause(timing, waitMs, signal);
			}
		}
	} finally {
		notice.dispose();
	}
}

/** Waits between tries; the user's stop ends the wait and the request. */
async function pause(timing: StreamTiming, ms: number, signal: AbortSignal | undefined): Promise<void> {
	await abortableSleep(timing.delay, ms, signal);
	if (signal?.aborted === true) throw abortedError();
}

/** As many times as a loading server is asked again within the limit on the first event. */
function loadingPollsAllowed(dialect: MessagesDialect, timing: StreamTiming): number {
	if (dialect.loadingPollMs === undefined) return 0;
	return Math.ceil((dialect.firstEventTimeoutMs ?? timing.idleTimeoutMs) / dialect.loadingPollMs);
}

/**
 * One request and its stream. The limit on the first event (patient for a server that may be
 * loading the model) runs from the request on; after the first event the idle limit takes over
 * and starts again at each one. When a limit runs out, the request is aborted and the attempt
 * fails with `idle-timeout`, whatever the aborted SDK call made of it (an error, or a stream
 * that ended early).
 */
async function* attemptOnce(
	sdk: AnthropicSdk,
	params: MessageCreateParamsStreaming,
	request: ModelRequest,
	dialect: MessagesDialect,
	timing: StreamTiming,
	notice: WaitNotice,
): AsyncGenerator<ModelEvent> {
	const limit = new TimeLimit(timing.idleDelay, dialect.firstEventTimeoutMs ?? timing.idleTimeoutMs, request.signal);
	try {
		yield* streamed(sdk, params, request, dialect, { limit, idleTimeoutMs: timing.idleTimeoutMs, notice });
	} catch (error) {
		throw limit.expired ? stalled(limit.limitMs) : error;
	} finally {
		limit.dispose();
	}
}

interface Waits {
	readonly limit: TimeLimit;
	readonly idleTimeoutMs: number;
	readonly notice: WaitNotice;
}

async function* streamed(
	sdk: AnthropicSdk,
	params: MessageCreateParamsStreaming,
	request: ModelRequest,
	dialect: MessagesDialect,
	waits: Waits,
): AsyncGenerator<ModelEvent> {
	const { signal } = request;
	const { limit, notice } = waits;
	let events;
	try {
		events = yield* notice.during(sdk.messages.create(params, { signal: limit.signal }));
	} catch (error) {
		throw await dialect.requestFailure(error, { phase: "request", signal, midAnswer: false }, request);
	}
	const translator = dialect.translator(request);
	const iterator = events[Symbol.asyncIterator]();
	try {
		let next = yield* notice.during(iterator.next());
		notice.dispose();
		for (; next.done !== true; next = await iterator.next()) {
			// Events already buffered when the user stopped are dropped: nothing arrives after a stop.
			if (signal?.aborted === true) throw abortedError();
			limit.restart(waits.idleTimeoutMs);
			yield* translator.translate(next.value);
		}
	} finally {
		// Stops reading the response when the caller stopped reading the stream or it failed.
		await iterator.return?.();
	}
	// The SDK ends the stream quietly when the request is aborted; a server that stops early looks the same.
	if (!translator.finished) {
		throw signal?.aborted === true
			? abortedError()
			: new ModelError("stream-cut", "The connection closed before the answer was complete.");
	}
	yield* translator.end();
}

function stalled(limitMs: number): ModelError {
	return new ModelError("idle-timeout", `The stream sent nothing for ${limitMs / 1000} s.`);
}
