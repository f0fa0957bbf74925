import { EmbeddingError, type EmbeddingClient, type EmbeddingRequest } from "../../core/model/embeddingClient";
import type { ModelInfo } from "../../core/model/modelClient";
import { serverRoot } from "../../core/model/modelServer";
import type { TaskScheduler } from "../../core/ports";
import { createServerSdk, type AnthropicSdk } from "../sdkClient";
import type { CorsProbe } from "../serverErrors";
import { listServerModels, modelListPaths } from "../serverModels";
import { checkedVectors } from "./embeddingAnswer";
import { EMBEDDING_API_SHAPES, type EmbeddingApi, type EmbeddingApiShape } from "./embeddingApis";
import { embeddingFailure } from "./embeddingFailure";
import { withPurpose } from "./embeddingPrefixes";

/**
 * How long one request may take, from sending to the last byte of its answer. A local server loads
 * the model on the first request after it started or let it go (Ollama after five idle minutes),
 * and a batch of long passages on a laptop's CPU takes tens of seconds more.
 */
export const EMBEDDING_TIMEOUT_MS = 120_000;

/**
 * The most texts one request takes: the caller batches (and throttles) and asks for no more at
 * once. A server given hundreds of passages holds them all in memory, and one failure loses them all.
 */
export const EMBEDDING_MAX_BATCH = 256;

export interface EmbeddingServerOptions {
	readonly api: EmbeddingApi;
	/** The server's address, with or without the `/v1` OpenAI-style settings put there. */
	readonly baseURL: string;
	readonly model: string;
	/** Sent as `Authorization: Bearer`, when the server asks for one (a cloud endpoint); none otherwise. */
	readonly apiKey?: string;
	/** The timer of the request's time limit. */
	readonly delay: TaskScheduler["delay"];
	/** `EMBEDDING_TIMEOUT_MS` when absent. */
	readonly timeoutMs?: number;
	/** Whether the server answers at `url` outside the window's CORS rules; absent where there is no CORS (Node). */
	readonly answersOutsideCors?: (url: string) => Promise<boolean>;
}

/** An embedding client that can also list the models of its server, for the settings to offer. */
export interface EmbeddingServer extends EmbeddingClient {
	listModels(signal?: AbortSignal): Promise<ModelInfo[]>;
}

/**
 * The embedding port over a server the user chose, in either API. It reaches the server as the
 * model client does, through the SDK made for compatible servers: no redirect followed, no
 * Anthropic header or credential sent, the window's own fetch. Every answer is checked before a
 * vector of it is returned, and the model's dimension, learned from its first good answer, holds
 * for every later one.
 */
export class ServerEmbeddingClient implements EmbeddingServer {
	readonly modelId: string;
	private readonly sdk: AnthropicSdk;
	private readonly shape: EmbeddingApiShape;
	private dimension: number | undefined;

	constructor(private readonly options: EmbeddingServerOptions) {
		this.shape = EMBEDDING_API_SHAPES[options.api];
		this.sdk = createServerSdk({ preset: this.shape.listedAs, baseURL: options.baseURL, apiKey: options.apiKey });
		this.modelId = `${options.api}:${serverRoot(options.baseURL)}#${options.model}`;
	}

	async embed(request: EmbeddingRequest): Promise<Float32Array[]> {
		const count = request.texts.length;
		if (count > EMBEDDING_MAX_BATCH) {
			throw new RangeError(`At most ${EMBEDDING_MAX_BATCH} texts are embedded at once; ${count} were given.`);
		}
		if (count === 0) return [];
		const input = withPurpose(this.options.model, request.texts, request.purpose);
		return this.limited(request.signal, async (signal) => {
			const response = await this.sdk
				.post(this.shape.path, { body: { model: this.options.model, input }, signal })
				.asResponse();
			const text = await bodyOf(response);
			// Checked and learned in one step, so that two answers arriving together cannot both set it.
			const vectors = checkedVectors(text, this.shape.vectorsOf, count, this.dimension);
			this.dimension ??= vectors[0].length;
			return vectors;
		});
	}

	listModels(signal?: AbortSignal): Promise<ModelInfo[]> {
		return this.limited(signal, (limited) => listServerModels(this.sdk, this.shape.listedAs, limited));
	}

	/** `run` stopped by the caller's signal or by the time limit, whichever comes first; its failure as an `EmbeddingError`. */
	private async limited<T>(signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
		const controller = new AbortController();
		const stop = () => controller.abort();
		if (signal?.aborted === true) stop();
		signal?.addEventListener("abort", stop, { once: true });
		let timedOut = false;
		const cancel = this.options.delay(() => {
			timedOut = true;
			stop();
		}, this.options.timeoutMs ?? EMBEDDING_TIMEOUT_MS);
		try {
			return await run(controller.signal);
		} catch (error) {
			throw await embeddingFailure(error, { aborted: signal?.aborted === true, timedOut, probe: this.corsProbe });
		} finally {
			cancel();
			signal?.removeEventListener("abort", stop);
		}
	}

	/** Asks the server's model list outside CORS: a running server answers it whatever its origin rules. */
	private readonly corsProbe: CorsProbe = () => {
		const { answersOutsideCors, baseURL } = this.options;
		if (answersOutsideCors === undefined) return Promise.resolve(false);
		return answersOutsideCors(`${serverRoot(baseURL)}${modelListPaths(this.shape.listedAs)[0]}`);
	};
}

/** The whole body of a successful response; one cut before its end is an answer the server did not finish. */
async function bodyOf(response: Response): Promise<string> {
	try {
		return await response.text();
	} catch (error) {
		throw new EmbeddingError(
			"bad-answer",
			`The server's answer was cut off: ${error instanceof Error ? error.message : String(error)}`,
		);
	}
}
