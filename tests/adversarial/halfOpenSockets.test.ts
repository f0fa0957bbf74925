/**
 * The HTTP MCP server listens on 127.0.0.1, where any local process can connect without the
 * token. Sixty-four sockets opened and left silent filled every connection the server allows,
 * and a client with the token was turned away for as long as forty seconds. Silent connections
 * are now ended within seconds, and those that have not shown the token are capped well below
 * the server's connections, a new one ending the oldest: a client always gets in.
 */
import { connect, type Socket } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { openHeadlessMcp } from "../../headless/mcp/headlessMcp";
import { serveMcpHttp, type HttpMcpServer } from "../../src/desktop/mcpHttpServer";
import { mcpVault, NOW } from "../headless/mcp/mcpVault";
import type { TempVault } from "../headless/tempVault";

const TOKEN = "0123456789abcdef0123456789abcdef-halfopen";
/** As many as the server has connections: before, they were all it took to lock clients out. */
const HELD = 64;
/** The old server ended a silent socket after ten seconds at the earliest; the new one within five. */
const SILENT_SOCKET_ENDED_WITHIN_MS = 9_000;
jest.setTimeout(60_000);

let vault: TempVault;
let server: HttpMcpServer;
const held: Socket[] = [];

beforeEach(async () => {
	vault = mcpVault();
	const served = await openHeadlessMcp(vault.root, { allowWrites: false, now: NOW });
	server = await serveMcpHttp(served.openSurface, { port: 0, token: TOKEN });
});

afterEach(async () => {
	for (const socket of held.splice(0)) socket.destroy();
	await server.close();
	vault.remove();
});

/** A socket connected to the server that sends nothing, or only the start of a request. */
function silentSocket(start = ""): Promise<Socket> {
	const { port } = new URL(server.url);
	return new Promise((resolve, reject) => {
		const socket = connect(Number(port), "127.0.0.1", () => {
			if (start !== "") socket.write(start);
			resolve(socket);
		});
		socket.on("error", () => undefined);
		socket.once("error", reject);
		held.push(socket);
	});
}

describe("sockets held open without the token", () => {
	it("leave room for a client with the token", async () => {
		for (let socket = 0; socket < HELD; socket++) await silentSocket(socket % 2 === 0 ? "" : "POST /mcp HTTP/1.1\r\n");
		const client = new Client({ name: "claude-code", version: "1.0.0" });
		try {
			await client.connect(
				new StreamableHTTPClientTransport(new URL(server.url), {
					requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
				}),
			);
			expect((await client.listTools()).tools.length).toBeGreaterThan(0);
		} finally {
			await client.close();
		}
	});

	it("are ended within seconds", async () => {
		const started = Date.now();
		const sockets = await Promise.all([silentSocket(), silentSocket("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")]);
		const ended = await Promise.all(
			sockets.map(
				(socket) => new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now() - started))),
			),
		);
		for (const elapsed of ended) expect(elapsed).toBeLessThan(SILENT_SOCKET_ENDED_WITHIN_MS);
	});
});
