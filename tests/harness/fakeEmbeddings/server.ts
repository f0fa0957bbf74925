import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { isRecord } from "../../../src/core/workspace/data/json";
import { fakeVector } from "./vectors";
import { listenOnLoopback, loopbackURL } from "../loopback";

/** A request as the fake server received it, for tests to assert on what was sent. */
export interface EmbeddingServerRequest {
	readonly method: string;
	/** Path and query, e.g. `/api/embed`. */
	readonly url: string;
	readonly headers: Readonly<Record<string, string | string[] | undefined>>;
	/** The JSON body, parsed; undefined when there was none or it was not JSON. */
	readonly body: unknown;
}

/**
 * What the fake server does wrong with every embedding request until `reset`: the bad answers a
 * real server, or a proxy in front of it, gives.
 */
export type Misbehaviour =
	/** Every vector one dimension longer than the server's. */
	| { readonly kind: "wrong-dimension" }
	/** The last vector one dimension shorter than the others. */
	| { readonly kind: "mixed-dimensions" }
	/** `NaN` written in the first vector, as Python's `json` writes it. */
	| { readonly kind: "nan" }
	/** `1e999` in the first vector, which JSON reads as `Infinity`. */
	| { readonly kind: "infinity" }
	/** A string among the first vector's numbers. */
	| { readonly kind: "non-number" }
	/** Every vector empty, as a server answers for a model that makes none (a chat model asked to embed). */
	| { readonly kind: "empty-vectors" }
	/** One vector fewer than texts. */
	| { readonly kind: "fewer-vectors" }
	/** OpenAI's `data` in reverse order, each entry with its right index: allowed, and to be put back in order. */
	| { readonly kind: "reordered" }
	/** An HTML page, as a proxy answers when the server behind it is down (502) or a portal answers (200). */
	| { readonly kind: "html-page"; readonly status: number }
	/** A 200 with nothing in it. */
	| { readonly kind: "empty-body" }
	/** Headers promising the whole answer, half of it, then the connection closed. */
	| { readonly kind: "cut-body" }
	/** Headers promising the whole answer, half of it, then nothing more, the connection kept open. */
	| { readonly kind: "stall-body" }
	/** Never answers. */
	| { readonly kind: "hang" }
	/** A failure status with the API's error body saying `message`, and `Retry-After` when given (429, 500, 503). */
	| { readonly kind: "status"; readonly status: number; readonly retryAfter?: string; readonly message?: string }
	/** A 307 to another address, which a client must not follow. */
	| { readonly kind: "redirect"; readonly to: string };

/** The models the fake server has, as Ollama and LM Studio would list them; any other is unknown. */
export const FAKE_EMBEDDING_MODELS: readonly string[] = ["fake-embed", "nomic-embed-text:latest"];

export const FAKE_DIMENSION = 64;

/**
 * A fake embedding server on 127.0.0.1, on a random port, answering both APIs: Ollama's
 * `POST /api/embed` and `GET /api/tags`, and the OpenAI-compatible `POST /v1/embeddings` and
 * `GET /v1/models`. Vectors are deterministic (`fakeVector`); every request and every text
 * received is recorded, so that a test can prove what reached it, and what never did.
 */
export class FakeEmbeddings {
	/** Every request received, in order. */
	readonly requests: EmbeddingServerRequest[] = [];
	/** Every text received to be embedded, in order, from either API. */
	readonly texts: string[] = [];
	models: readonly string[] = FAKE_EMBEDDING_MODELS;
	dimension = FAKE_DIMENSION;
	/** The key the server asks for as `Authorization: Bearer`; it asks for none when absent. */
	requiredKey: string | undefined;
	misbehave: Misbehaviour | undefined;
	private closedByClient = 0;
	private readonly cut = new WeakSet<ServerResponse>();
	private readonly server: Server;

	private constructor() {
		this.server = createServer((request, response) => void this.handle(request, response));
		this.server.keepAliveTimeout = 120_000;
	}

	static async start(): Promise<FakeEmbeddings> {
		const fake = new FakeEmbeddings();
		await listenOnLoopback(fake.server);
		return fake;
	}

	/** The server's address (`http://127.0.0.1:<port>`). */
	get baseURL(): string {
		return loopbackURL(this.server);
	}

	/** How many answers the client hung up on before they were complete (a stop, a time limit). */
	get disconnects(): number {
		return this.closedByClient;
	}

	/** Forgets the requests, the texts and every switch, between tests. */
	reset(): void {
		this.requests.length = 0;
		this.texts.length = 0;
		this.models = FAKE_EMBEDDING_MODELS;
		this.dimension = FAKE_DIMENSION;
		this.requiredKey = undefined;
		this.misbehave = undefined;
		this.closedByClient = 0;
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
	}

	private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const body = parsed(await readBody(request));
		this.requests.push({ method: request.method ?? "", url: request.url ?? "", headers: { ...request.headers }, body });
		response.on("close", () => {
			if (!response.writableFinished && !this.cut.has(response)) this.closedByClient++;
		});
		const path = new URL(request.url ?? "/", this.baseURL).pathname;
		const api = path.startsWith("/v1/") ? "openai" : "ollama";
		if (this.requiredKey !== undefined && request.headers.authorization !== `Bearer ${this.requiredKey}`) {
			sendError(response, api, 401, "Invalid API key", "invalid_api_key");
		} else if (request.method === "GET" && path === "/api/tags") {
			sendJson(response, 200, { models: this.models.map((name) => ({ name, model: name, size: 274_302_450 })) });
		} else if (request.method === "GET" && path === "/v1/models") {
			sendJson(response, 200, {
				object: "list",
				data: this.models.map((id) => ({ id, object: "model", owned_by: "fake" })),
			});
		} else if (request.method === "POST" && (path === "/api/embed" || path === "/v1/embeddings")) {
			this.embed(api, body, response);
		} else {
			// What Ollama's Go router answers for a path it does not have.
			response.writeHead(404, { "content-type": "text/plain" });
			response.end("404 page not found");
		}
	}

	private embed(api: "ollama" | "openai", body: unknown, response: ServerResponse): void {
		const model = isRecord(body) && typeof body.model === "string" ? body.model : "";
		const input = isRecord(body) ? body.input : undefined;
		const texts = typeof input === "string" ? [input] : Array.isArray(input) ? input.map(String) : undefined;
		if (texts === undefined) {
			sendError(response, api, 400, "invalid input type", "invalid_request_error");
			return;
		}
		this.texts.push(...texts);
		if (!this.models.includes(model)) {
			const message =
				api === "ollama"
					? `model "${model}" not found, try pulling it first`
					: `The model \`${model}\` does not exist.`;
			sendError(response, api, 404, message, "model_not_found");
			return;
		}
		const vectors: unknown[][] = texts.map((text) => fakeVector(text, this.dimension));
		const misbehave = this.misbehave;
		switch (misbehave?.kind) {
			case "hang":
				return;
			case "redirect":
				response.writeHead(307, { location: `${misbehave.to}${api === "ollama" ? "/api/embed" : "/v1/embeddings"}` });
				response.end();
				return;
			case "status":
				if (misbehave.retryAfter !== undefined) response.setHeader("retry-after", misbehave.retryAfter);
				sendError(response, api, misbehave.status, misbehave.message ?? "server error", "server_error");
				return;
			case "html-page":
				response.writeHead(misbehave.status, { "content-type": "text/html" });
				response.end("<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>");
				return;
			case "empty-body":
				response.writeHead(200, { "content-type": "application/json" });
				response.end();
				return;
			case "wrong-dimension":
				for (const vector of vectors) vector.push(0);
				break;
			case "mixed-dimensions":
				vectors[vectors.length - 1].pop();
				break;
			case "nan":
				vectors[0][0] = NAN;
				break;
			case "infinity":
				vectors[0][0] = INFINITY;
				break;
			case "non-number":
				vectors[0][0] = "0.5";
				break;
			case "fewer-vectors":
				vectors.pop();
				break;
			case "empty-vectors":
				for (const vector of vectors) vector.length = 0;
				break;
			default:
				break;
		}
		const data = vectors.map((embedding, index) => ({ object: "embedding", index, embedding }));
		if (misbehave?.kind === "reordered") data.reverse();
		const answer =
			api === "ollama"
				? { model, embeddings: vectors, total_duration: 14_143_917, load_duration: 1_019_500, prompt_eval_count: 8 }
				: { object: "list", data, model, usage: { prompt_tokens: 8, total_tokens: 8 } };
		const text = JSON.stringify(answer).replace(`"${NAN}"`, "NaN").replace(`"${INFINITY}"`, "1e999");
		if (misbehave?.kind === "cut-body" || misbehave?.kind === "stall-body") {
			this.sendHalf(response, text, misbehave.kind === "cut-body");
		} else {
			response.writeHead(200, { "content-type": "application/json" });
			response.end(text);
		}
	}

	/** Promises the whole answer and sends half; then closes the connection when `close`, or sends nothing more. */
	private sendHalf(response: ServerResponse, text: string, close: boolean): void {
		const bytes = Buffer.from(text);
		response.writeHead(200, { "content-type": "application/json", "content-length": bytes.length });
		if (close) this.cut.add(response);
		response.write(bytes.subarray(0, bytes.length >> 1), () => {
			if (close) response.socket?.destroy();
		});
	}
}

/** Markers in the answer's JSON for values JSON cannot write, replaced in its text. */
const NAN = "__fake_nan__";
const INFINITY = "__fake_infinity__";

/** An error in the API's own shape: Ollama's `{error: "…"}`, OpenAI's `{error: {message, type, code}}`. */
function sendError(
	response: ServerResponse,
	api: "ollama" | "openai",
	status: number,
	message: string,
	code: string,
): void {
	sendJson(response, status, api === "ollama" ? { error: message } : { error: { message, type: code, code } });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
	response.writeHead(status, { "content-type": "application/json" });
	response.end(JSON.stringify(body));
}

function parsed(text: string): unknown {
	try {
		return text === "" ? undefined : JSON.parse(text);
	} catch {
		return undefined;
	}
}

async function readBody(request: IncomingMessage): Promise<string> {
	const parts: Buffer[] = [];
	for await (const part of request) parts.push(part as Buffer);
	return Buffer.concat(parts).toString("utf8");
}
