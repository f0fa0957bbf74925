import type { ModelClient, ModelEvent, ModelInfo, ModelRequest } from "../core/model/modelClient";
import { serverRoot, type CompatibleServer } from "../core/model/modelServer";
import { streamTiming, type AnthropicClientOptions } from "./anthropicClient";
import { toMessageParams } from "./messageParams";
import { streamMessages, type MessagesDialect, type StreamTiming } from "./messagesStream";
import { createServerSdk, type AnthropicSdk } from "./sdkClient";
import { serverFailure, type CorsProbe } from "./serverErrors";
import { listServerModels, modelListPaths } from "./serverModels";
import { StreamTranslator } from "./streamTranslator";

/**
 * A local server loads the model into memory on the first request after it started or let the
 * model go (Ollama after five idle minutes): a large model on a laptop takes a minute or more,
 * during which the server sends nothing, not even the response's headers. Five minutes is past
 * any load that will finish; the ordinary idle limit applies once the first event came.
 */
export const SERVER_FIRST_EVENT_TIMEOUT_MS = 300_000;

/** Anthropic's answers begin within a second or two; past this with nothing, the user is told the model is loading. */
export const WAITING_NOTICE_MS = 5_000;

/** How often a server that answers "Loading model" (llama.cpp's) is asked again: soon after it is ready, without flooding its log. */
export const LOADING_POLL_MS = 2_000;

export interface CompatibleClientOptions extends Omit<AnthropicClientOptions, "apiKey" | "baseURL"> {
	readonly server: CompatibleServer;
	/** Whether the server answers at `url` outside the window's CORS rules; absent where there is no CORS (Node). */
	readonly answersOutsideCors?: (url: string) => Promise<boolean>;
	/** `SERVER_FIRST_EVENT_TIMEOUT_MS` when absent. */
	readonly firstEventTimeoutMs?: number;
	/** `WAITING_NOTICE_MS` when absent. */
	readonly waitingNoticeMs?: number;
}

/**
 * The model port over a compatible server (Ollama, LM Studio, llama.cpp's server ...) that
 * answers Anthropic's Messages API at its own base URL: the same SDK, spoken in the dialect such
 * servers understand, read as leniently as they write, waited for while they load a model. It
 * talks to the server's address and to nothing else, and costs nothing.
 */
export class CompatibleModelClient implements ModelClient {
	readonly offline = false;
	readonly local = true;
	/** A local model may read no image, or take one for text: it is sent none. */
	readonly readsAttachments = false;
	private readonly sdk: AnthropicSdk;
	private readonly timing: StreamTiming;
	private readonly dialect: MessagesDialect;

	constructor(private readonly options: CompatibleClientOptions) {
		this.sdk = createServerSdk(options.server);
		this.timing = streamTiming(options);
		this.dialect = {
			params: (request) => toMessageParams(request, "compatible"),
			translator: (request) => new StreamTranslator({ offeredTools: request.tools.map((tool) => tool.name) }),
			firstEventTimeoutMs: options.firstEventTimeoutMs ?? SERVER_FIRST_EVENT_TIMEOUT_MS,
			waitingNoticeMs: options.waitingNoticeMs ?? WAITING_NOTICE_MS,
			loadingPollMs: LOADING_POLL_MS,
			requestFailure: (error, context, request) =>
				serverFailure(error, context, this.corsProbe, request.tools.length > 0),
		};
	}

	stream(request: ModelRequest): AsyncGenerator<ModelEvent, void, undefined> {
		return streamMessages(this.sdk, request, this.dialect, this.timing);
	}

	async listModels(signal?: AbortSignal): Promise<ModelInfo[]> {
		try {
			return await listServerModels(this.sdk, this.options.server.preset, signal);
		} catch (error) {
			throw await serverFailure(error, { phase: "request", signal, midAnswer: false }, this.corsProbe, false);
		}
	}

	/** Asks the server's model list outside CORS: a running server answers it whatever its origin rules. */
	private readonly corsProbe: CorsProbe = () => {
		const { answersOutsideCors, server } = this.options;
		if (answersOutsideCors === undefined) return Promise.resolve(false);
		return answersOutsideCors(`${serverRoot(server.baseURL)}${modelListPaths(server.preset)[0]}`);
	};
}
