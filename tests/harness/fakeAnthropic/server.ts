import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ERROR_TYPES, type ScriptedError, type ScriptedMessage, type ScriptedResponse } from "./script";
import { formatSse, messageEvents } from "./sse";

/** A request as the fake server received it, for tests to assert on what was sent. */
export interface RecordedRequest {
	readonly method: string;
	/** Path and query, e.g. `/v1/messages`. */
	readonly url: string;
	readonly headers: Readonly<Record<string, string | string[] | undefined>>;
	/** The JSON body, parsed; undefined when there was none. */
	readonly body: unknown;
}

export interface FakeModel {
	readonly id: string;
	readonly display_name: string;
	readonly lifecycle?: "active" | "deprecated" | "retired";
}

export const DEFAULT_MODELS: readonly FakeModel[] = [
	{ id: "claude-sonnet-5-5", display_name: "Claude Sonnet 5.5" },
	{ id: "claude-opus-5-5", display_name: "Claude Opus 5.5" },
	{ id: "claude-haiku-5-5", display_name: "Claude Haiku 5.5" },
];

/**
 * A fake Anthropic Messages API on 127.0.0.1, on a random port: `POST /v1/messages` answers the
 * next scripted response (streamed with the real SSE protocol, or an error with the API's JSON
 * body), `GET /v1/models` lists `models`, every request is recorded, and CORS is answered so a
 * browser page can drive the real SDK against it.
 */
export class FakeAnthropic {
	/** Every request received, preflights excepted, in order. */
	readonly requests: RecordedRequest[] = [];
	/** The catalogue `GET /v1/models` pages through; replace it, or set an error to answer instead. */
	models: readonly FakeModel[] = DEFAULT_MODELS;
	modelsError: ScriptedError | undefined;
	private readonly queue: ScriptedResponse[] = [];
	private closedByClient = 0;
	/** Responses the script cut on purpose: their close is not the client hanging up. */
	private readonly cut = new WeakSet<ServerResponse>();
	private readonly server: Server;

	private constructor() {
		this.server = createServer((request, response) => void this.handle(request, response));
	}

	static async start(): Promise<FakeAnthropic> {
		const fake = new FakeAnthropic();
		await new Promise<void>((resolve, reject) => {
			fake.server.once("error", reject);
			fake.server.listen(0, "127.0.0.1", resolve);
		});
		return fake;
	}

	/** The base URL to give the SDK (`http://127.0.0.1:<port>`). */
	get baseURL(): string {
		const { port } = this.server.address() as AddressInfo;
		return `http://127.0.0.1:${port}`;
	}

	/** Queues the answers to the next `POST /v1/messages`, in order. */
	enqueue(...responses: ScriptedResponse[]): void {
		this.queue.push(...responses);
	}

	/** Scripted responses not yet used. */
	get pending(): number {
		return this.queue.length;
	}

	/** The bodies of the `POST /v1/messages` received, in order. */
	get messageBodies(): unknown[] {
		return this.requests.filter((request) => request.url.startsWith("/v1/messages")).map((request) => request.body);
	}

	/** How many responses the client hung up on before they were complete (a stop, an abort). */
	get disconnects(): number {
		return this.closedByClient;
	}

	/** Forgets the requests, the queue and the models, between tests. */
	reset(): void {
		this.requests.length = 0;
		this.queue.length = 0;
		this.models = DEFAULT_MODELS;
		this.modelsError = undefined;
		this.closedByClient = 0;
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
	}

	private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		setCorsHeaders(request, response);
		if (request.method === "OPTIONS") {
			response.writeHead(204).end();
			return;
		}
		const text = await readBody(request);
		const body: unknown = text === "" ? undefined : JSON.parse(text);
		this.requests.push({ method: request.method ?? "", url: request.url ?? "", headers: { ...request.headers }, body });
		response.on("close", () => {
			if (!response.writableFinished && !this.cut.has(response)) this.closedByClient++;
		});
		const path = new URL(request.url ?? "/", this.baseURL).pathname;
		if (request.method === "POST" && path === "/v1/messages") {
			await this.answerMessages(body, response);
		} else if (request.method === "GET" && path === "/v1/models") {
			this.answerModels(request, response);
		} else {
			sendError(response, {
				kind: "error",
				status: 404,
				message: `${request.method} ${path} is not part of the fake API`,
			});
		}
	}

	private async answerMessages(body: unknown, response: ServerResponse): Promise<void> {
		const next = this.queue.shift();
		// A test that forgot to script an answer fails loudly, with an error no client retries.
		if (next === undefined) {
			sendError(response, { kind: "error", status: 400, message: "fake server: no scripted response left" });
		} else if (next.kind === "error") {
			sendError(response, next);
		} else {
			await streamMessage(next, modelOf(body), response, () => this.cut.add(response));
		}
	}

	private answerModels(request: IncomingMessage, response: ServerResponse): void {
		if (this.modelsError !== undefined) {
			sendError(response, this.modelsError);
			return;
		}
		const query = new URL(request.url ?? "/", this.baseURL).searchParams;
		const limit = Number(query.get("limit") ?? 20);
		const afterId = query.get("after_id");
		const start = afterId === null ? 0 : this.models.findIndex((model) => model.id === afterId) + 1;
		const page = this.models.slice(start, start + limit).map((model, i) => ({
			type: "model",
			id: model.id,
			display_name: model.display_name,
			created_at: new Date(Date.UTC(2026, 0, 1) - (start + i) * 86_400_000).toISOString(),
			lifecycle: model.lifecycle ?? "active",
		}));
		sendJson(response, 200, {
			data: page,
			has_more: start + limit < this.models.length,
			first_id: page[0]?.id ?? null,
			last_id: page[page.length - 1]?.id ?? null,
		});
	}
}

async function streamMessage(
	message: ScriptedMessage,
	model: string,
	response: ServerResponse,
	markCut: () => void,
): Promise<void> {
	response.writeHead(200, {
		"content-type": "text/event-stream; charset=utf-8",
		"cache-control": "no-cache",
		"request-id": requestId(),
	});
	const events = messageEvents(message, model);
	for (const [written, event] of events.entries()) {
		if (message.stallAfterEvents === written) return;
		if (message.cutAfterEvents === written) {
			markCut();
			response.socket?.destroy();
			return;
		}
		if (message.errorAfterEvents?.events === written) {
			const { type, message: text = "Overloaded" } = message.errorAfterEvents;
			response.end(formatSse({ event: "error", data: { type: "error", error: { type, message: text } } }));
			return;
		}
		if (message.delayMs !== undefined) await delay(message.delayMs);
		if (response.destroyed) return;
		await write(response, formatSse(event));
	}
	response.end();
}

/** Resolves once the chunk left for the client, so that a cut after it never swallows it. */
function write(response: ServerResponse, chunk: string): Promise<void> {
	return new Promise((resolve) => response.write(chunk, () => resolve()));
}

function sendError(response: ServerResponse, error: ScriptedError): void {
	const type = error.type ?? ERROR_TYPES[error.status] ?? "api_error";
	if (error.retryAfter !== undefined) response.setHeader("retry-after", error.retryAfter);
	sendJson(response, error.status, {
		type: "error",
		error: { type, message: error.message ?? `Fake ${type}` },
		request_id: requestId(),
	});
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
	response.writeHead(status, { "content-type": "application/json", "request-id": requestId() });
	response.end(JSON.stringify(body));
}

/** Lets any origin call, with whatever headers the SDK sends, and read the headers it needs back. */
function setCorsHeaders(request: IncomingMessage, response: ServerResponse): void {
	response.setHeader("access-control-allow-origin", "*");
	response.setHeader("access-control-allow-methods", "GET, POST, OPTIONS");
	response.setHeader("access-control-allow-headers", request.headers["access-control-request-headers"] ?? "*");
	response.setHeader("access-control-expose-headers", "retry-after, retry-after-ms, request-id");
	response.setHeader("access-control-max-age", "600");
	// Chrome asks before a page on another origin may call a server on 127.0.0.1 (private network access).
	if (request.headers["access-control-request-private-network"] === "true") {
		response.setHeader("access-control-allow-private-network", "true");
	}
}

function modelOf(body: unknown): string {
	const model = typeof body === "object" && body !== null && "model" in body ? body.model : undefined;
	return typeof model === "string" ? model : "unknown";
}

let requestCount = 0;

function requestId(): string {
	return `req_fake_${++requestCount}`;
}

async function readBody(request: IncomingMessage): Promise<string> {
	const parts: Buffer[] = [];
	for await (const part of request) parts.push(part as Buffer);
	return Buffer.concat(parts).toString("utf8");
}

function delay(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
