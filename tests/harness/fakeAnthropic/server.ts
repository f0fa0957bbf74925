import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { PROFILES, type ErrorShape, type FakeModel, type ServerProfile, type ServerProfileName } from "./profiles";
import { ERROR_TYPES, type ScriptedError, type ScriptedMessage, type ScriptedResponse } from "./script";
import { formatSse, messageEvents } from "./sse";
import { listenOnLoopback, loopbackURL } from "../loopback";

/** A request as the fake server received it, for tests to assert on what was sent. */
export interface RecordedRequest {
	readonly method: string;
	/** Path and query, e.g. `/v1/messages`. */
	readonly url: string;
	readonly headers: Readonly<Record<string, string | string[] | undefined>>;
	/** The JSON body, parsed; undefined when there was none. */
	readonly body: unknown;
}

export type { FakeModel } from "./profiles";

export const DEFAULT_MODELS: readonly FakeModel[] = PROFILES.anthropic.defaultModels;

export interface FakeServerOptions {
	/** Which server to play (`profiles.ts`); Anthropic's API when absent. */
	readonly profile?: ServerProfileName;
}

/**
 * A fake Messages API server on 127.0.0.1, on a random port, playing Anthropic's API or one of
 * the local servers that speak it (`profiles.ts`): `POST /v1/messages` answers the next scripted
 * response (streamed with the real SSE protocol as that server writes it, or an error in its
 * shape), the model list endpoints list `models`, every request is recorded, and CORS is
 * answered as that server answers it, so a browser page can drive the real SDK against it (or
 * be refused, as it would be).
 */
export class FakeAnthropic {
	/** Every request received, preflights excepted, in order. */
	readonly requests: RecordedRequest[] = [];
	/** The catalogue the model list endpoints list; replace it, or set an error to answer instead. */
	models: readonly FakeModel[];
	modelsError: ScriptedError | undefined;
	/** Models that cannot take tools: a request offering them tools gets the profile's refusal, if it has one. */
	modelsWithoutTools: readonly string[] = [];
	/** Origins allowed besides the server's own defaults (what `OLLAMA_ORIGINS` adds). */
	allowedOrigins: readonly string[] = [];
	private readonly queue: ScriptedResponse[] = [];
	private closedByClient = 0;
	/** Responses the script cut on purpose: their close is not the client hanging up. */
	private readonly cut = new WeakSet<ServerResponse>();
	private readonly server: Server;

	private constructor(readonly profile: ServerProfile) {
		this.models = profile.defaultModels;
		this.server = createServer((request, response) => void this.handle(request, response));
		// Node closes an idle keep-alive connection after 5 s; a test that computes for longer between
		// two requests could have the client reuse the socket just as it closes (a reset, read as
		// offline). Real APIs keep idle connections longer than a test file runs: so does the fake.
		this.server.keepAliveTimeout = 120_000;
	}

	static async start(options: FakeServerOptions = {}): Promise<FakeAnthropic> {
		const fake = new FakeAnthropic(PROFILES[options.profile ?? "anthropic"]);
		await listenOnLoopback(fake.server);
		return fake;
	}

	/** The base URL to give the SDK (`http://127.0.0.1:<port>`). */
	get baseURL(): string {
		return loopbackURL(this.server);
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

	/** Forgets the requests, the queue, the models and the tool verdicts, between tests. */
	reset(): void {
		this.requests.length = 0;
		this.queue.length = 0;
		this.models = this.profile.defaultModels;
		this.modelsError = undefined;
		this.modelsWithoutTools = [];
		this.allowedOrigins = [];
		this.closedByClient = 0;
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
	}

	private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		if (this.profile.cors(request, response, this.allowedOrigins)) return;
		const text = await readBody(request);
		const body: unknown = text === "" ? undefined : JSON.parse(text);
		this.requests.push({ method: request.method ?? "", url: request.url ?? "", headers: { ...request.headers }, body });
		response.on("close", () => {
			if (!response.writableFinished && !this.cut.has(response)) this.closedByClient++;
		});
		const path = new URL(request.url ?? "/", this.baseURL).pathname;
		if (request.method === "POST" && path === "/v1/messages") {
			await this.answerMessages(body, response);
		} else if (request.method === "GET" && this.profile.modelList(path, this.models) !== undefined) {
			this.answerList(path, response);
		} else if (request.method === "GET" && path === "/v1/models" && this.profile.name === "anthropic") {
			this.answerModels(request, response);
		} else {
			this.sendError(response, {
				kind: "error",
				status: 404,
				message: `${request.method} ${path} is not part of the fake API`,
			});
		}
	}

	private async answerMessages(body: unknown, response: ServerResponse): Promise<void> {
		const refusal = this.toolsRefusal(body);
		if (refusal !== undefined) {
			this.sendShape(response, refusal);
			return;
		}
		const next = this.queue.shift();
		// A test that forgot to script an answer fails loudly, with an error no client retries.
		if (next === undefined) {
			this.sendError(response, { kind: "error", status: 400, message: "fake server: no scripted response left" });
		} else if (next.kind === "error") {
			if (next.loadingMs !== undefined) await delay(next.loadingMs);
			this.sendError(response, next);
		} else {
			await this.streamMessage(next, modelOf(body), response);
		}
	}

	/** A request offering tools to a model the test marked as without them, refused as the profile's server refuses it. */
	private toolsRefusal(body: unknown): ErrorShape | undefined {
		const offersTools = typeof body === "object" && body !== null && "tools" in body && Array.isArray(body.tools);
		const model = modelOf(body);
		return offersTools && this.modelsWithoutTools.includes(model) ? this.profile.toolsRefusal(model) : undefined;
	}

	private answerList(path: string, response: ServerResponse): void {
		if (this.modelsError !== undefined) this.sendError(response, this.modelsError);
		else sendJson(response, 200, this.profile.modelList(path, this.models));
	}

	/** Anthropic's paged list: `limit`, `after_id`, and whether there is more. */
	private answerModels(request: IncomingMessage, response: ServerResponse): void {
		if (this.modelsError !== undefined) {
			this.sendError(response, this.modelsError);
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

	private async streamMessage(message: ScriptedMessage, model: string, response: ServerResponse): Promise<void> {
		if (message.loadingMs !== undefined) await delay(message.loadingMs);
		if (response.destroyed) return;
		response.writeHead(200, {
			"content-type": "text/event-stream; charset=utf-8",
			"cache-control": "no-cache",
			"request-id": requestId(),
		});
		const events = messageEvents(message, model, this.profile.wire);
		for (const [written, event] of events.entries()) {
			if (message.stallAfterEvents === written) return;
			if (message.cutAfterEvents === written) {
				this.cut.add(response);
				response.socket?.destroy();
				return;
			}
			if (message.errorAfterEvents?.events === written) {
				const { type, message: text = "Overloaded" } = message.errorAfterEvents;
				response.end(formatSse({ event: "error", data: { type: "error", error: { type, message: text } } }));
				return;
			}
			if (message.unknownEventAfterEvents?.events === written) {
				const { type } = message.unknownEventAfterEvents;
				await write(response, formatSse({ event: type, data: { type } }));
			}
			if (message.delayMs !== undefined) await delay(message.delayMs);
			if (response.destroyed) return;
			await write(response, formatSse(event));
		}
		response.end();
	}

	private sendError(response: ServerResponse, error: ScriptedError): void {
		if (error.retryAfter !== undefined) response.setHeader("retry-after", error.retryAfter);
		this.sendShape(response, {
			status: error.status,
			type: error.type ?? ERROR_TYPES[error.status] ?? "api_error",
			message: error.message ?? `Fake ${error.type ?? ERROR_TYPES[error.status] ?? "api_error"}`,
		});
	}

	private sendShape(response: ServerResponse, error: ErrorShape): void {
		const id = requestId();
		response.writeHead(error.status, { "content-type": "application/json", "request-id": id });
		response.end(JSON.stringify(this.profile.errorBody(error, id)));
	}
}

/** Resolves once the chunk left for the client, so that a cut after it never swallows it. */
function write(response: ServerResponse, chunk: string): Promise<void> {
	return new Promise((resolve) => response.write(chunk, () => resolve()));
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
	response.writeHead(status, { "content-type": "application/json", "request-id": requestId() });
	response.end(JSON.stringify(body));
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
