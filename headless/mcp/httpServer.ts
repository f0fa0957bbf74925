import { randomUUID } from "node:crypto";
import {
	createServer as createHttpServer,
	type IncomingMessage,
	type Server as HttpServer,
	type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { checkRequest, tokenProblem, type TokenProblem } from "../../src/core/mcp/requestGuard";

/**
 * The workspace's MCP server over Streamable HTTP, for clients that cannot spawn a process (or
 * prefer a running one): one Node `http` server on 127.0.0.1, one SDK transport and one MCP
 * server per client session. Every request is checked (Host, Origin, bearer token) before its
 * body is read, bodies are bounded, and sessions are capped and expire when idle, so a local
 * process or web page can neither reach the memory without the token nor exhaust the host.
 */

/** What the SDK's `Server` (and `McpServer`) offer that the HTTP host needs: one per session. */
export interface SessionServer {
	connect(transport: Transport): Promise<void>;
	close(): Promise<void>;
}

export interface ServeHttpOptions {
	/** The port on 127.0.0.1; 0 lets the system choose one (tests), and the real one is in `url`. */
	readonly port: number;
	/** The bearer token clients send; refused at start when missing or weak (see `MIN_TOKEN_LENGTH`). */
	readonly token: string | undefined;
	/** The largest request body read, in bytes; 1 MiB by default, far above any tool call's arguments. */
	readonly maxBodyBytes?: number;
	/** How many client sessions may be open at once; 8 by default. */
	readonly maxSessions?: number;
	/** A session with no request for this long is closed; 30 minutes by default. */
	readonly sessionIdleMs?: number;
}

export interface HttpMcpServer {
	/** Where clients connect: `http://127.0.0.1:<port>/mcp`. */
	readonly url: string;
	/** Closes every session and the listener; the port is free when the promise settles. */
	close(): Promise<void>;
}

/** Why the server did not start; the host words it in the user's language. */
export type HttpSetupProblem = TokenProblem | "port-invalid";

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

interface Session {
	readonly transport: StreamableHTTPServerTransport;
	readonly server: SessionServer;
	lastSeen: number;
}

export async function serveHttp(createServer: () => SessionServer, options: ServeHttpOptions): Promise<HttpMcpServer> {
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

	const closeSession = async (id: string): Promise<void> => {
		const session = sessions.get(id);
		if (session === undefined) return;
		sessions.delete(id);
		await closeQuietly(session.transport, session.server);
	};

	const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
		const refusal = checkRequest(
			{
				host: req.headersDistinct.host,
				origin: req.headersDistinct.origin,
				authorization: req.headersDistinct.authorization,
			},
			{ port, token },
		);
		if (refusal !== null) {
			// The same short answer whatever was wrong with the token: nothing of the request is echoed.
			const headers: Record<string, string> = refusal.status === 401 ? { "WWW-Authenticate": "Bearer" } : {};
			return refuse(res, refusal.status, refusal.status === 401 ? "Unauthorized" : "Forbidden", headers);
		}
		if (closing) return refuse(res, 503, "Server closing");
		if (pathOf(req.url) !== PATH) return refuse(res, 404, "Not found");
		if (req.method !== "POST" && req.method !== "GET" && req.method !== "DELETE")
			return refuse(res, 405, "Method not allowed", { Allow: "GET, POST, DELETE" });

		let body: unknown = undefined;
		if (req.method === "POST") {
			const read = await readBody(req, maxBodyBytes);
			if (read === "too-large") return refuse(res, 413, "Request body too large");
			if (read === "failed") return;
			try {
				body = JSON.parse(read);
			} catch {
				return refuse(res, 400, "Parse error", {}, -32700);
			}
		}

		const sessionId = req.headersDistinct["mcp-session-id"];
		if (sessionId !== undefined) {
			const session = sessionId.length === 1 ? sessions.get(sessionId[0]) : undefined;
			// 404 is what the protocol asks for an unknown or expired session: the client starts a new one.
			if (session === undefined) return refuse(res, 404, "Session not found");
			session.lastSeen = Date.now();
			await session.transport.handleRequest(req, res, body);
			return;
		}
		if (req.method !== "POST" || !isInitializeRequest(body))
			return refuse(res, 400, "Bad Request: no session; initialize first");
		// At the cap, the session used least recently makes room: clients often leave without ending
		// theirs (the SDK's close sends no DELETE, a terminal client exits), and refusing the next
		// one would lock every client out until those expire. The one closed gets 404 at its next
		// request and starts anew, as the protocol asks. Only while every slot is still opening is a
		// client refused. The host's budget, not this cap, bounds a client that reconnects to dodge limits.
		let evicted: Session | undefined;
		if (sessions.size + opening >= maxSessions) {
			const oldest = leastRecentlyUsed(sessions);
			if (oldest === undefined) return refuse(res, 503, "Too many sessions");
			evicted = sessions.get(oldest);
			sessions.delete(oldest);
		}
		// Counted from here to the end of the initialization, whatever throws; nothing above awaits,
		// so no other initialization can pass the cap between the check and this count.
		opening++;
		let server: SessionServer;
		let transport: StreamableHTTPServerTransport;
		try {
			if (evicted !== undefined) await closeQuietly(evicted.transport, evicted.server);
			server = createServer();
			const opened = server;
			transport = new StreamableHTTPServerTransport({
				sessionIdGenerator: () => randomUUID(),
				// Plain JSON answers: no tool here streams, and a request ends with its answer.
				enableJsonResponse: true,
				maxRequestBodySize: maxBodyBytes,
				onsessioninitialized: (id) => {
					sessions.set(id, { transport, server: opened, lastSeen: Date.now() });
				},
				// A client's DELETE: the transport closes itself (and with it the server connected to it)
				// right after this, so the session is only forgotten here.
				onsessionclosed: (id) => {
					sessions.delete(id);
				},
			});
			try {
				await server.connect(transport);
				await transport.handleRequest(req, res, body);
			} catch (error) {
				await closeQuietly(transport, server);
				throw error;
			}
		} finally {
			opening--;
		}
		// An initialization the transport refused (a bad protocol version, say) leaves no session
		// behind; its server and transport would otherwise linger until close.
		const id = transport.sessionId;
		if (id === undefined || !sessions.has(id)) await closeQuietly(transport, server);
		else if (closing) await closeSession(id);
	};

	const http = createHttpServer((req, res) => {
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
	http.maxConnections = 64;

	await new Promise<void>((resolve, reject) => {
		http.once("error", reject);
		http.listen(options.port, HOST, () => {
			http.off("error", reject);
			resolve();
		});
	});
	port = (http.address() as AddressInfo).port;

	const sweep = setInterval(
		() => {
			const now = Date.now();
			for (const [id, session] of sessions) if (now - session.lastSeen > sessionIdleMs) void closeSession(id);
		},
		Math.max(10, Math.min(sessionIdleMs / 2, 60_000)),
	);
	// The sweep alone must not keep the process alive once everything else is done.
	sweep.unref();

	return {
		url: `http://${HOST}:${port}${PATH}`,
		close: async () => {
			if (closing) return;
			closing = true;
			clearInterval(sweep);
			await Promise.all([...sessions.keys()].map(closeSession));
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

/**
 * Reads a body up to `limit` bytes. A declared length over it is refused before anything is
 * read, and a body that grows past it stops being read: what is kept in memory stays bounded.
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | "too-large" | "failed"> {
	const declared = req.headers["content-length"];
	if (declared !== undefined && Number(declared) > limit) return Promise.resolve("too-large");
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let done = false;
		const finish = (result: string | "too-large" | "failed") => {
			if (done) return;
			done = true;
			req.off("data", onData);
			resolve(result);
		};
		const onData = (chunk: Buffer) => {
			size += chunk.length;
			if (size > limit) {
				req.pause();
				finish("too-large");
				return;
			}
			chunks.push(chunk);
		};
		req.on("data", onData);
		req.once("end", () => finish(Buffer.concat(chunks).toString("utf8")));
		req.once("error", () => finish("failed"));
		req.once("aborted", () => finish("failed"));
	});
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
	res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

async function closeQuietly(transport: Transport, server: SessionServer): Promise<void> {
	// Closing is best effort: one session failing to close must not keep the others or the port open.
	// The server closes the transport it is connected to; the transport is closed on its own in case
	// the connection never happened.
	await server.close().catch(() => undefined);
	await transport.close().catch(() => undefined);
}

function closeListener(http: HttpServer): Promise<void> {
	return new Promise((resolve) => {
		http.close(() => resolve());
		// Idle keep-alive sockets would hold `close` until they time out; the sessions are gone already.
		http.closeAllConnections();
	});
}
