import { request } from "node:http";
import { createServer as createNetServer } from "node:net";
import { networkInterfaces } from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import type { McpSurface } from "../../src/core/mcp";
import {
	HttpSetupError,
	serveMcpHttp,
	type HttpMcpServer,
	type ServeHttpOptions,
} from "../../src/desktop/mcpHttpServer";
import { fakeSurface } from "../core/mcp/fakeSurface";

const TOKEN = "0123456789abcdef0123456789abcdef-test";

/** The fake surface, for every session: one tool that answers with its argument. */
const echo = (): McpSurface => fakeSurface();

let running: HttpMcpServer[] = [];
const clients: Client[] = [];

async function start(options: Partial<ServeHttpOptions> = {}): Promise<HttpMcpServer> {
	const served = await serveMcpHttp(echo, { port: 0, token: TOKEN, ...options });
	running.push(served);
	return served;
}

async function connect(
	url: string,
	token: string | null = TOKEN,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
	const headers: Record<string, string> = token === null ? {} : { Authorization: `Bearer ${token}` };
	const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
	const client = new Client({ name: "test-client", version: "1.0.0" });
	await client.connect(transport);
	clients.push(client);
	return { client, transport };
}

interface RawAnswer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

/** A request with headers as a hostile page or process would forge them, straight to 127.0.0.1. */
function raw(
	url: string,
	options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
	const target = new URL(url);
	return new Promise((resolve, reject) => {
		const req = request(
			{
				host: "127.0.0.1",
				port: target.port,
				path: target.pathname,
				method: options.method ?? "POST",
				headers: {
					"Content-Type": "application/json",
					Accept: "application/json, text/event-stream",
					...options.headers,
				},
			},
			(res) => {
				let body = "";
				res.setEncoding("utf8");
				res.on("data", (chunk: string) => (body += chunk));
				res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
			},
		);
		req.on("error", reject);
		req.end(options.body);
	});
}

const initialize = JSON.stringify({
	jsonrpc: "2.0",
	id: 1,
	method: "initialize",
	params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "raw", version: "0" } },
});

function authorized(url: string, extra: Record<string, string> = {}): Record<string, string> {
	return { Host: new URL(url).host, Authorization: `Bearer ${TOKEN}`, ...extra };
}

afterEach(async () => {
	await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
	await Promise.all(running.map((served) => served.close()));
	running = [];
});

describe("the MCP server over Streamable HTTP", () => {
	it("serves the official client on 127.0.0.1: tools listed and called", async () => {
		const served = await start();
		expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
		const { client } = await connect(served.url);
		const listed = await client.listTools();
		expect(listed.tools.map((tool) => tool.name)).toEqual(["echo"]);
		const answer = await client.callTool({ name: "echo", arguments: { text: "hello" } });
		expect(answer.content).toEqual([{ type: "text", text: "hello" }]);
	});

	it("opens one surface per client session, named by its client, and none for a refused request", async () => {
		const names: unknown[] = [];
		const served = await serveMcpHttp(
			(clientName) => {
				names.push(clientName());
				return fakeSurface();
			},
			{ port: 0, token: TOKEN },
		);
		running.push(served);
		await raw(served.url, { headers: authorized(served.url, { Origin: "http://evil.example" }), body: initialize });
		await raw(served.url, { headers: authorized(served.url, { Authorization: "Bearer nope" }), body: initialize });
		expect(names).toEqual([]);
		// Each session has its own surface: what one client's session holds (its name, its budget) is its own.
		const { client } = await connect(served.url);
		await connect(served.url);
		await client.listTools();
		expect(names).toEqual(["test-client", "test-client"]);
	});

	it("answers a notification 202 with no body, offers no GET stream (405), and ends a session on DELETE", async () => {
		const served = await start();
		const { client, transport } = await connect(served.url);
		const session = transport.sessionId as string;
		const headers = authorized(served.url, { "Mcp-Session-Id": session });
		const notified = await raw(served.url, {
			headers,
			body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }),
		});
		expect(notified).toMatchObject({ status: 202, body: "" });
		const get = await raw(served.url, { method: "GET", headers });
		expect(get.status).toBe(405);
		expect(get.headers.allow).toBe("POST, DELETE");
		await client.listTools();
		await transport.terminateSession();
		const list = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" });
		expect((await raw(served.url, { headers, body: list })).status).toBe(404);
		expect((await raw(served.url, { method: "DELETE", headers })).status).toBe(404);
		expect((await raw(served.url, { method: "DELETE", headers: authorized(served.url) })).status).toBe(400);
	});

	it("refuses a protocol revision it does not speak in MCP-Protocol-Version, and takes one it speaks", async () => {
		const served = await start();
		const { transport } = await connect(served.url);
		const list = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" });
		const session = { "Mcp-Session-Id": transport.sessionId as string };
		const future = await raw(served.url, {
			headers: authorized(served.url, { ...session, "MCP-Protocol-Version": "2099-01-01" }),
			body: list,
		});
		expect(future.status).toBe(400);
		expect(future.body).not.toContain("2099");
		for (const version of [LATEST_PROTOCOL_VERSION, "2025-03-26"]) {
			const spoken = await raw(served.url, {
				headers: authorized(served.url, { ...session, "MCP-Protocol-Version": version }),
				body: list,
			});
			expect(spoken.status).toBe(200);
		}
		// Without the header the client is taken to speak the revision agreed (older clients send none).
		expect((await raw(served.url, { headers: authorized(served.url, session), body: list })).status).toBe(200);
	});

	it("answers a message that is not JSON-RPC with 400, and one that is not JSON at all too", async () => {
		const served = await start();
		const { transport } = await connect(served.url);
		const headers = authorized(served.url, { "Mcp-Session-Id": transport.sessionId as string });
		const batch = await raw(served.url, {
			headers,
			body: JSON.stringify([{ jsonrpc: "2.0", id: 2, method: "tools/list" }]),
		});
		expect(batch.status).toBe(400);
		expect(JSON.parse(batch.body)).toMatchObject({ id: null, error: { code: -32600 } });
		const junk = await raw(served.url, { headers, body: "{not json" });
		expect(junk.status).toBe(400);
		expect(JSON.parse(junk.body)).toMatchObject({ id: null, error: { code: -32700 } });
		const text = await raw(served.url, { headers: { ...headers, "Content-Type": "text/plain" }, body: "{}" });
		expect(text.status).toBe(415);
	});

	it("refuses a client without the token or with a wrong one, and echoes nothing", async () => {
		const served = await start();
		await expect(connect(served.url, null)).rejects.toMatchObject({ code: 401 });
		await expect(connect(served.url, "f".repeat(40))).rejects.toMatchObject({ code: 401 });
		const wrong = "wrong-token-that-must-not-come-back-0000";
		const answer = await raw(served.url, {
			headers: authorized(served.url, { Authorization: `Bearer ${wrong}` }),
			body: initialize,
		});
		expect(answer.status).toBe(401);
		expect(answer.body).not.toContain(wrong);
		expect(answer.body).not.toContain("Bearer");
		expect(answer.headers["mcp-session-id"]).toBeUndefined();
	});

	it("refuses a foreign Host or Origin with 403 even with the right token (DNS rebinding)", async () => {
		const served = await start();
		const port = new URL(served.url).port;
		const host = await raw(served.url, {
			headers: authorized(served.url, { Host: `evil.example:${port}` }),
			body: initialize,
		});
		expect(host.status).toBe(403);
		const otherPort = await raw(served.url, {
			headers: authorized(served.url, { Host: `127.0.0.1:${Number(port) + 1}` }),
			body: initialize,
		});
		expect(otherPort.status).toBe(403);
		const origin = await raw(served.url, {
			headers: authorized(served.url, { Origin: "http://evil.example" }),
			body: initialize,
		});
		expect(origin.status).toBe(403);
		expect(origin.headers["mcp-session-id"]).toBeUndefined();
		// Without the token the answer is the same 403: a foreign page learns nothing about the token.
		const bare = await raw(served.url, { headers: { Host: `evil.example:${port}` }, body: initialize });
		expect(bare.status).toBe(403);
	});

	it("accepts localhost as Host and a loopback page as Origin", async () => {
		const served = await start();
		const port = new URL(served.url).port;
		const answer = await raw(served.url, {
			headers: authorized(served.url, { Host: `localhost:${port}`, Origin: "http://localhost:5173" }),
			body: initialize,
		});
		expect(answer.status).toBe(200);
		expect(answer.headers["mcp-session-id"]).toEqual(expect.any(String));
	});

	it("refuses a body over the limit, declared or streamed, without reading it whole", async () => {
		const served = await start({ maxBodyBytes: 4096 });
		const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { pad: "x".repeat(8192) } });
		const declared = await raw(served.url, { headers: authorized(served.url), body: big });
		expect(declared.status).toBe(413);
		const streamed = await raw(served.url, {
			headers: authorized(served.url, { "Transfer-Encoding": "chunked" }),
			body: big,
		});
		expect(streamed.status).toBe(413);
		const junk = await raw(served.url, { headers: authorized(served.url), body: "{not json" });
		expect(junk.status).toBe(400);
	});

	it("caps concurrent sessions: a new client makes room by closing the session used least recently", async () => {
		// Clients often leave without ending their session (the SDK's close sends no DELETE, a
		// terminal client exits): refusing the next one would lock every client out until the
		// sessions expire, while the one closed here just gets 404 and starts a new session.
		const served = await start({ maxSessions: 2 });
		const first = await connect(served.url);
		const second = await connect(served.url);
		await second.client.listTools();
		const third = await connect(served.url);
		expect((await third.client.listTools()).tools).toHaveLength(1);
		expect((await second.client.listTools()).tools).toHaveLength(1);
		await expect(first.client.listTools()).rejects.toThrow(/404|Session not found/);
	});

	it("holds the cap when many clients initialize at once", async () => {
		const served = await start({ maxSessions: 2 });
		const answers = await Promise.all(
			Array.from({ length: 6 }, () => raw(served.url, { headers: authorized(served.url), body: initialize })),
		);
		for (const answer of answers) expect([200, 503]).toContain(answer.status);
		const opened = answers.flatMap((answer) => (answer.status === 200 ? [answer.headers["mcp-session-id"]] : []));
		expect(opened.length).toBeGreaterThanOrEqual(2);
		const list = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" });
		const statuses = await Promise.all(
			opened.map(
				async (session) =>
					(
						await raw(served.url, {
							headers: authorized(served.url, { "Mcp-Session-Id": String(session) }),
							body: list,
						})
					).status,
			),
		);
		expect(statuses.filter((status) => status === 200)).toHaveLength(2);
	});

	it("leaves no session, and frees its slot, when an initialization's surface could not be made", async () => {
		let calls = 0;
		const failingOnce = () => {
			if (calls++ === 0) throw new Error("no surface this time: /home/someone/vault");
			return fakeSurface();
		};
		const served = await serveMcpHttp(failingOnce, { port: 0, token: TOKEN, maxSessions: 1 });
		running.push(served);
		const failed = await raw(served.url, { headers: authorized(served.url), body: initialize });
		expect(JSON.parse(failed.body)).toEqual({
			jsonrpc: "2.0",
			id: 1,
			error: { code: -32603, message: "Internal error" },
		});
		expect(failed.headers["mcp-session-id"]).toBeUndefined();
		const next = await raw(served.url, { headers: authorized(served.url), body: initialize });
		expect(next.status).toBe(200);
		expect(next.headers["mcp-session-id"]).toEqual(expect.any(String));
	});

	it("needs a session for anything but initialize, and forgets a session left idle", async () => {
		// Long enough that the requests before the wait stay within it on a busy machine.
		const served = await start({ sessionIdleMs: 500 });
		const list = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" });
		const noSession = await raw(served.url, { headers: authorized(served.url), body: list });
		expect(noSession.status).toBe(400);
		const opened = await raw(served.url, { headers: authorized(served.url), body: initialize });
		const session = opened.headers["mcp-session-id"] as string;
		const version = { "Mcp-Session-Id": session, "Mcp-Protocol-Version": LATEST_PROTOCOL_VERSION };
		const notified = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });
		expect((await raw(served.url, { headers: authorized(served.url, version), body: notified })).status).toBe(202);
		expect((await raw(served.url, { headers: authorized(served.url, version), body: list })).status).toBe(200);
		await new Promise((resolve) => setTimeout(resolve, 1500));
		expect((await raw(served.url, { headers: authorized(served.url, version), body: list })).status).toBe(404);
	});

	it("answers nothing but /mcp", async () => {
		const served = await start();
		const other = await raw(served.url.replace(/\/mcp$/, "/other"), {
			headers: authorized(served.url),
			body: initialize,
		});
		expect(other.status).toBe(404);
		const put = await raw(served.url, { method: "PUT", headers: authorized(served.url), body: initialize });
		expect(put.status).toBe(405);
		const get = await raw(served.url, { method: "GET", headers: authorized(served.url) });
		expect(get.status).toBe(405);
	});

	it("fails closed: no server without a strong token or a valid port, and says when the port is taken", async () => {
		for (const token of [undefined, "", "short-token"]) {
			await expect(serveMcpHttp(echo, { port: 0, token })).rejects.toBeInstanceOf(HttpSetupError);
		}
		await expect(serveMcpHttp(echo, { port: 0, token: undefined })).rejects.toMatchObject({
			problem: "token-missing",
		});
		await expect(serveMcpHttp(echo, { port: 0, token: "short-token" })).rejects.toMatchObject({
			problem: "token-too-short",
		});
		await expect(serveMcpHttp(echo, { port: 70000, token: TOKEN })).rejects.toMatchObject({
			problem: "port-invalid",
		});
		const taken = await start();
		await expect(serveMcpHttp(echo, { port: Number(new URL(taken.url).port), token: TOKEN })).rejects.toMatchObject({
			problem: "port-in-use",
		});
	});

	it("listens on loopback only: another address of this machine is refused", async () => {
		const served = await start();
		const port = Number(new URL(served.url).port);
		const outside = Object.values(networkInterfaces())
			.flat()
			.find((address) => address !== undefined && address.family === "IPv4" && !address.internal);
		// A machine with no other interface has no other address to try; loopback-only holds trivially.
		if (outside === undefined) return;
		await expect(
			new Promise((resolve, reject) => {
				const req = request(
					{ host: outside.address, port, path: "/mcp", method: "POST", headers: authorized(served.url) },
					resolve,
				);
				req.on("error", reject);
				req.end(initialize);
			}),
		).rejects.toMatchObject({ code: "ECONNREFUSED" });
	});

	it("closes its sessions and frees the port", async () => {
		const served = await start();
		const { client } = await connect(served.url);
		await client.listTools();
		const port = Number(new URL(served.url).port);
		await served.close();
		running = [];
		await expect(client.listTools()).rejects.toThrow();
		// The same port binds again at once: nothing of the server holds it.
		await new Promise<void>((resolve, reject) => {
			const probe = createNetServer();
			probe.once("error", reject);
			probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
		});
	});
});
