import { createServer, type IncomingMessage, type Server, type ServerResponse } from "http";
import type { McpSurface } from "../core/mcp/mcpSurface";
import {
	errorResponse,
	isInitializeRequest,
	openProtocolSession,
	PARSE_ERROR,
	SUPPORTED_PROTOCOL_VERSIONS,
	type JsonRpcResponse,
	type McpProtocolSession,
} from "../core/mcp/protocol";
import { checkRequest, tokenProblem, type TokenProblem } from "../core/mcp/requestGuard";
import { PendingSockets } from "./pendingSockets";

/**
 * The workspace's MCP server over Streamable HTTP, for clients that cannot spawn a process (or
 * prefer a running one): Node's `http` on 127.0.0.1, one protocol session per client session,
 * every answer plain JSON (no tool streams, so no SSE). Every request is checked (Host, Origin,
 * bearer token) before its body is read, bodies are bounded, and sessions are capped and expire
 * when idle, so a local process or web page can neither reach the memory without the token nor
 * exhaust the host. The one module of `src/` that needs a Node built-in: the plugin loads it only
 * on desktop, through a dynamic import, and the headless host imports it as it is.
 */

export interface ServeHttpOptions {
	/** The port on 127.0.0.1; 0 lets the system choose one (tests), and the real one is in `url`. */
	readonly port: number;
	/** The bearer token clients send; refused at start when missing or weak (see `MIN_TOKEN_LENGTH`). */
	readonly token: string | undefined;
	/**
	 * Whether `token` is still the one in force, asked at every request: the plugin's lives in
	 * SecretStorage, where the user may remove or replace it (Settings → Keychain) though no
	 * setting changes to restart the server. Always, when not given.
	 */
	readonly tokenCurrent?: () => boolean;
	/** The largest request body read, in bytes; 1 MiB by default, far above any tool call's arguments. */
	readonly maxBodyBytes?: number;
	/** How many client sessions may be open at once; 8 by default. */
	readonly maxSessions?: number;
	/** A session with no request for this long is forgotten; 30 minutes by default. */
	readonly sessionIdleMs?: number;
}

export interface HttpMcpServer {
	/** Where clients connect: `http://127.0.0.1:<port>/mcp`. */
	readonly url: string;
	/** Forgets every session and closes the listener; the port is free when the promise settles. */
	close(): Promise<void>;
}

/** Why the server did not start; the host words it in the user's language. */
export type HttpSetupProblem = TokenProblem | "port-invalid" | "port-in-use";

export class HttpSetupError extends Error {
	constructor(readonly problem: HttpSetupProblem) {
		super(`The MCP HTTP server cannot start: ${problem}`);
		this.name = "HttpSetupError";
	}
}

/** Loopback only, and not a setting: the server is for this machine's clients, never the network's. */
const HOST = "127.0.0.1";
const PATH = "/mcp";
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_MAX_SESSIONS = 8;
const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
/** All connections at once, those of clients that showed the token included. */
const MAX_CONNECTIONS = 64;
/**
 * Connections that have not yet shown the token, well under `MAX_CONNECTIONS`, so that sockets
 * held open by someone without it leave room for clients with it; and how long each may stay
 * silent before its first request (a client sends one as soon as it is connected).
 */
const MAX_PENDING_CONNECTIONS = 16;
const PENDING_SILENCE_MS = 5_000;

interface Session {
	readonly id: string;
	readonly protocol: McpProtocolSession;
	lastSeen: number;
}

export async function serveMcpHttp(
	openSurface: (clientName: () => unknown) => McpSurface,
	options: ServeHttpOptions,
): Promise<HttpMcpServer> {
	// Fail closed: whoever calls this (command line, settings) may have checked the token already,
	// but a server without a strong token must not start whatever the caller forgot.
	const problem = tokenProblem(options.token);
	if (problem !== null) throw new HttpSetupError(problem);
	const token = options.token as string;
	if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
		throw new HttpSetupError("port-invalid");
	const maxBodyBytes = positive(options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES);
	const maxSessions = positive(options.maxSessions, DEFAULT_MAX_SESSIONS);
	const sessionIdleMs = positive(options.sessionIdleMs, DEFAULT_SESSION_IDLE_MS);

	const sessions = new Map<string, Session>();
	// Sessions being initialized count against the cap too, so that many initializations at once
	// cannot all pass the check before any of them is registered.
	let opening = 0;
	let closing = false;
	let port = options.port;
	const pending = new PendingSockets<IncomingMessage["socket"]>(MAX_PENDING_CONNECTIONS, PENDING_SILENCE_MS);

	// Idle sessions are forgotten when the next request comes, not by a timer: a session holds no
	// socket and no stream, only its budget, and nothing but a request can reach it. A timer would
	// also need Node's or the window's, and this module runs under both.
	const forgetIdle = () => {
		const now = Date.now();
		for (const [id, session] of sessions) if (now - session.lastSeen > sessionIdleMs) sessions.delete(id);
	};

	const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
		const refusal =
			checkRequest(
				{
					host: req.headersDistinct.host,
					origin: req.headersDistinct.origin,
					authorization: req.headersDistinct.authorization,
				},
				{ port, token },
			) ?? (options.tokenCurrent?.() === false ? ({ status: 401, reason: "token" } as const) : null);
		if (refusal !== null) {
			// The same short answer whatever was wrong with the token: nothing of the request is echoed.
			const headers: Record<string, string> = refusal.status === 401 ? { "WWW-Authenticate": "Bearer" } : {};
			return refuse(res, refusal.status, refusal.status === 401 ? "Unauthorized" : "Forbidden", headers);
		}
		pending.trust(req.socket);
		if (closing) return refuse(res, 503, "Server closing");
		if (pathOf(req.url) !== PATH) return refuse(res, 404, "Not found");
		// No GET: the server never speaks first (no notification, no request of its own), so it offers
		// no event stream, and 405 is how the protocol says so.
		if (req.method !== "POST" && req.method !== "DELETE")
			return refuse(res, 405, "Method not allowed", { Allow: "POST, DELETE" });

		forgetIdle();
		let session: Session | undefined;
		const sessionIds = req.headersDistinct["mcp-session-id"];
		if (sessionIds !== undefined) {
			session = sessionIds.length === 1 ? sessions.get(sessionIds[0]) : undefined;
			// 404 is what the protocol asks for an unknown or expired session: the client starts a new one.
			if (session === undefined) return refuse(res, 404, "Session not found");
		}
		if (req.method === "DELETE") {
			if (session === undefined) return refuse(res, 400, "Bad Request: no session to end");
			sessions.delete(session.id);
			res.writeHead(200).end();
			return;
		}
		// A client sends the revision agreed at initialize; one the server does not speak is refused
		// before the message is read, as the protocol asks.
		const versions = req.headersDistinct["mcp-protocol-version"];
		if (session !== undefined && versions !== undefined) {
			if (versions.length !== 1 || !SUPPORTED_PROTOCOL_VERSIONS.includes(versions[0]))
				return refuse(res, 400, "Bad Request: unsupported MCP-Protocol-Version");
		}
		if (!isJson(req.headers["content-type"])) return refuse(res, 415, "Content-Type must be application/json");

		const read = await readBody(req, maxBodyBytes);
		if (read === "too-large") return refuse(res, 413, "Request body too large");
		if (read === "failed") return;
		let message: unknown;
		try {
			message = JSON.parse(read.text);
		} catch {
			return refuse(res, 400, "Parse error", {}, PARSE_ERROR);
		}

		if (session !== undefined) {
			session.lastSeen = Date.now();
			return answer(res, await session.protocol.receive(message));
		}
		if (!isInitializeRequest(message)) return refuse(res, 400, "Bad Request: no session; initialize first");
		// At the cap, the session used least recently makes room: clients often leave without ending
		// theirs (a terminal client exits, the SDK's close sends no DELETE), and refusing the next
		// one would lock every client out until those expire. The one forgotten gets 404 at its next
		// request and starts anew, as the protocol asks. Only while every slot is still opening is a
		// client refused. The host's budget, not this cap, bounds a client that reconnects to dodge limits.
		if (sessions.size + opening >= maxSessions) {
			const oldest = leastRecentlyUsed(sessions);
			if (oldest === undefined) return refuse(res, 503, "Too many sessions");
			sessions.delete(oldest);
		}
		// Counted from here to the end of the initialization; nothing awaits between the check and
		// this count, so no other initialization can pass the cap in between.
		opening++;
		const protocol = openProtocolSession(openSurface);
		const response = await protocol.receive(message).finally(() => opening--);
		// An initialization the protocol refused (bad params, a surface that could not be made) leaves
		// no session behind, and neither does one that ends while the server closes.
		if (protocol.protocolVersion === null || closing) return answer(res, response);
		const id = crypto.randomUUID();
		sessions.set(id, { id, protocol, lastSeen: Date.now() });
		return answer(res, response, { "Mcp-Session-Id": id });
	};

	// The headers' timeout is enforced at every check of the connections: once a second, not Node's thirty.
	const http = createServer({ connectionsCheckingInterval: 1_000 }, (req, res) => {
		handle(req, res).catch(() => {
			// An error past the checks is ours, not the client's to read: a bare 500, the details stay here.
			if (!res.headersSent) refuse(res, 500, "Internal error");
			else res.destroy();
		});
	});
	// A client that sends its headers or body slowly holds a socket; these bound how long.
	http.headersTimeout = 10_000;
	http.requestTimeout = 60_000;
	// Sockets are bounded as sessions are: a flood of connections (even refused ones) cannot pile up.
	http.maxConnections = MAX_CONNECTIONS;
	http.on("connection", (socket: IncomingMessage["socket"]) => pending.admit(socket));

	await new Promise<void>((resolve, reject) => {
		const failed = (error: Error & { code?: string }) =>
			reject(error.code === "EADDRINUSE" ? new HttpSetupError("port-in-use") : error);
		http.once("error", failed);
		http.listen(options.port, HOST, () => {
			http.off("error", failed);
			resolve();
		});
	});
	const address = http.address();
	if (address !== null && typeof address === "object") port = address.port;

	return {
		url: `http://${HOST}:${port}${PATH}`,
		close: async () => {
			if (closing) return;
			closing = true;
			sessions.clear();
			pending.endAll();
			await closeListener(http);
		},
	};
}

/** The id of the session whose last request is the oldest, `undefined` when there is none. */
function leastRecentlyUsed(sessions: ReadonlyMap<string, Session>): string | undefined {
	let oldest: string | undefined;
	let seen = Number.POSITIVE_INFINITY;
	for (const [id, session] of sessions)
		if (session.lastSeen < seen) {
			oldest = id;
			seen = session.lastSeen;
		}
	return oldest;
}

function positive(value: number | undefined, fallback: number): number {
	return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function pathOf(url: string | undefined): string {
	const path = (url ?? "").split("?")[0];
	return path.endsWith("/") && path.length > 1 ? path.slice(0, -1) : path;
}

/** Whether a `Content-Type` is JSON, whatever parameters (a charset) follow it. */
function isJson(contentType: string | undefined): boolean {
	return (contentType ?? "").split(";")[0].trim().toLowerCase() === "application/json";
}

/** A request body as read: its text, or why it was not read whole. */
type ReadBody = { readonly text: string } | "too-large" | "failed";

/**
 * Reads a body up to `limit` bytes. A declared length over it is refused before anything is
 * read, and a body that grows past it stops being read: what is kept in memory stays bounded.
 */
function readBody(req: IncomingMessage, limit: number): Promise<ReadBody> {
	const declared = req.headers["content-length"];
	if (declared !== undefined && Number(declared) > limit) return Promise.resolve("too-large");
	return new Promise((resolve) => {
		const chunks: Uint8Array[] = [];
		let size = 0;
		let done = false;
		const finish = (result: ReadBody) => {
			if (done) return;
			done = true;
			req.off("data", onData);
			resolve(result);
		};
		const onData = (chunk: Uint8Array) => {
			size += chunk.length;
			if (size > limit) {
				req.pause();
				finish("too-large");
				return;
			}
			chunks.push(chunk);
		};
		req.on("data", onData);
		req.once("end", () => finish({ text: utf8(chunks, size) }));
		req.once("error", () => finish("failed"));
		req.once("aborted", () => finish("failed"));
	});
}

/** The chunks' bytes as text, with Web APIs: Node's `Buffer` is a global the plugin's code does not count on. */
function utf8(chunks: readonly Uint8Array[], size: number): string {
	const bytes = new Uint8Array(size);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.length;
	}
	return new TextDecoder().decode(bytes);
}

/**
 * A session's answer: a request's response as JSON, 202 and no body for a notification or a
 * response. A message the protocol could not take as one (its id unknown) is a bad request.
 */
function answer(res: ServerResponse, response: JsonRpcResponse | null, headers: Record<string, string> = {}): void {
	if (response === null) {
		res.writeHead(202, headers).end();
		return;
	}
	const status = response.error !== undefined && response.id === null ? 400 : 200;
	res.writeHead(status, { ...headers, "Content-Type": "application/json" }).end(JSON.stringify(response));
}

/**
 * A short JSON-RPC error, and the connection closed after it: a refused request's body may still
 * be on its way, and it is not read.
 */
function refuse(
	res: ServerResponse,
	status: number,
	message: string,
	headers: Record<string, string> = {},
	code = -32000,
): void {
	if (res.headersSent) return;
	res.writeHead(status, { ...headers, "Content-Type": "application/json", Connection: "close" });
	res.end(JSON.stringify(errorResponse(null, code, message)));
}

function closeListener(http: Server): Promise<void> {
	return new Promise((resolve) => {
		http.close(() => resolve());
		// Idle keep-alive sockets would hold `close` until they time out; the sessions are gone already.
		http.closeAllConnections();
	});
}
