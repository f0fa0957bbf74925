import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { auditRecords, mcpVault, SECRET, textOf } from "./mcpVault";

const ROOT = join(__dirname, "..", "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");
const MAIN = join(ROOT, "headless", "mcp", "main.ts");
/** What the SDK passes a server it spawns, and no saved index in the user's cache folder. */
const SERVER_ENV = { ...getDefaultEnvironment(), AW_NO_CACHE: "1" };

/** `npm run -s mcp -- …` as a client spawns it, without npm in between. */
function run(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
	return spawnSync(TSX, [MAIN, ...args], {
		cwd: ROOT,
		encoding: "utf8",
		env: { ...process.env, ...env },
		timeout: 60_000,
	});
}

/** `run`, without blocking this process: a test that holds a port must keep serving it meanwhile. */
function runAsync(
	args: readonly string[],
	env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(TSX, [MAIN, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
		child.once("error", reject);
		child.once("close", (status) => resolve({ status, stdout, stderr }));
	});
}

describe("npm run mcp over stdio", () => {
	it("serves the vault to the official SDK client spawning it, hidden notes absent, writes audited as the client", async () => {
		const vault = mcpVault();
		const transport = new StdioClientTransport({
			command: TSX,
			args: [MAIN, "--vault", vault.root, "--allow-writes"],
			cwd: ROOT,
			env: SERVER_ENV,
			stderr: "pipe",
		});
		const client = new Client({ name: "stdio-test", version: "1.0.0" });
		try {
			await client.connect(transport);
			expect((await client.listTools()).tools).toHaveLength(8);
			const found = await client.callTool({ name: "memory_search", arguments: { query: "zebra", limit: 20 } });
			expect(textOf(found)).toContain("Notes/public.md");
			expect(textOf(found)).not.toContain(SECRET);
			const appended = await client.callTool({ name: "memory_append", arguments: { target: "daily", text: "Tea." } });
			expect(appended.isError).toBe(false);
			expect(auditRecords(vault).map((record) => record.actor)).toEqual(["mcp:stdio-test"]);
		} finally {
			await client.close();
			vault.remove();
		}
	}, 60_000);

	it("loses no write when two servers (two processes, as Obsidian's would be) append to the same note at once", async () => {
		const vault = mcpVault();
		const clients = [new Client({ name: "one", version: "1.0.0" }), new Client({ name: "two", version: "1.0.0" })];
		try {
			await Promise.all(
				clients.map((client) =>
					client.connect(
						new StdioClientTransport({
							command: TSX,
							args: [MAIN, "--vault", vault.root, "--allow-writes"],
							cwd: ROOT,
							env: SERVER_ENV,
							stderr: "pipe",
						}),
					),
				),
			);
			const answers = await Promise.all(
				clients.flatMap((client, who) =>
					Array.from({ length: 10 }, (_, i) =>
						client.callTool({ name: "memory_append", arguments: { target: "daily", text: `entry ${who}-${i}` } }),
					),
				),
			);
			expect(answers.filter((answer) => answer.isError === true).map(textOf)).toEqual([]);
			const daily = vault
				.filesOnDisk()
				.filter((path) => path.startsWith("memory/daily/") && !path.endsWith("03-14.md"));
			expect(daily).toHaveLength(1);
			const text = readFileSync(join(vault.root, daily[0]), "utf8");
			for (const who of [0, 1]) for (let i = 0; i < 10; i++) expect(text).toContain(`entry ${who}-${i}`);
			const actors = auditRecords(vault).map((record) => record.actor);
			expect(actors.filter((actor) => actor === "mcp:one")).toHaveLength(10);
			expect(actors.filter((actor) => actor === "mcp:two")).toHaveLength(10);
		} finally {
			await Promise.all(clients.map((client) => client.close()));
			vault.remove();
		}
	}, 60_000);

	it("writes nothing but protocol messages to stdout, though the vault gives it problems to report", () => {
		// A stray line on stdout breaks a stdio client's stream: what is said to the person
		// (skipped names, unreadable metadata, the server's address) must go to stderr.
		const vault = mcpVault().put("Notes/broken.md", "---\nfoo: [unclosed\n---\nzebra\n");
		const oddName = Buffer.concat([
			Buffer.from(join(vault.root, "Notes", "odd")),
			Buffer.from([0xff]),
			Buffer.from(".md"),
		]);
		writeFileSync(oddName, "zebra");
		const requests = [
			{
				jsonrpc: "2.0",
				id: 1,
				method: "initialize",
				params: {
					protocolVersion: LATEST_PROTOCOL_VERSION,
					capabilities: {},
					clientInfo: { name: "raw", version: "0" },
				},
			},
			{ jsonrpc: "2.0", method: "notifications/initialized" },
			{ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "memory_search", arguments: { query: "zebra" } } },
			{ jsonrpc: "2.0", id: 3, method: "prompts/get", params: { name: "start-session" } },
		];
		try {
			const result = spawnSync(TSX, [MAIN, "--vault", vault.root], {
				cwd: ROOT,
				encoding: "utf8",
				input: requests.map((request) => JSON.stringify(request)).join("\n") + "\n",
				timeout: 60_000,
			});
			expect(result.stderr).toMatch(/not valid UTF-8/);
			const lines = result.stdout.split("\n").filter((line) => line !== "");
			expect(lines.map((line) => (JSON.parse(line) as { id?: number }).id)).toEqual(expect.arrayContaining([1, 2, 3]));
			for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
		} finally {
			vault.remove();
		}
	}, 60_000);

	it.each([
		[[], /mcp needs --vault/],
		[["--vault", "/nonexistent/vault-folder"], /No vault folder at/],
		[["--vault", "."], /--port and --token are for --http|--http needs/, ["--token", "x".repeat(40)]],
		[["--vault", ".", "--http", "--port", "8765"], /--http needs a token/],
		[["--vault", ".", "--http", "--port", "8765", "--token", "short"], /too short/],
		[["--vault", ".", "--http", "--port", "99999", "--token", "x".repeat(40)], /--port is not a port/],
		[["--vault", ".", "--shout", "loud"], /does not take --shout/],
	] as const)(
		"refuses %j with a usage error, exit 1",
		(args, message, extra: readonly string[] = []) => {
			const result = run([...args, ...extra], { AW_MCP_TOKEN: "" });
			expect(result.status).toBe(1);
			expect(result.stderr).toMatch(message);
			expect(result.stderr).toContain("usage: npm run -s mcp");
			expect(result.stdout).toBe("");
		},
		60_000,
	);

	it("serves Streamable HTTP on 127.0.0.1 with --http, the token from AW_MCP_TOKEN, and stops on SIGTERM", async () => {
		const vault = mcpVault();
		const port = await freePort();
		const token = "f".repeat(48);
		const child = spawn(TSX, [MAIN, "--vault", vault.root, "--http", "--port", String(port)], {
			cwd: ROOT,
			env: { ...process.env, AW_MCP_TOKEN: token },
			stdio: ["ignore", "pipe", "pipe"],
		});
		let stdout = "";
		child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
		const client = new Client({ name: "http-test", version: "1.0.0" });
		try {
			const address = await new Promise<string>((resolve, reject) => {
				let stderr = "";
				child.stderr.on("data", (chunk: Buffer) => {
					stderr += chunk.toString();
					const url = /MCP server at (\S+)/.exec(stderr)?.[1];
					if (url !== undefined) resolve(url);
				});
				child.once("exit", () => reject(new Error(`exited: ${stderr}`)));
			});
			expect(address).toBe(`http://127.0.0.1:${port}/mcp`);
			await client.connect(
				new StreamableHTTPClientTransport(new URL(address), {
					requestInit: { headers: { Authorization: `Bearer ${token}` } },
				}),
			);
			expect((await client.listTools()).tools.map((tool) => tool.name)).toHaveLength(4);
			await client.close();
			const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
			child.kill("SIGTERM");
			expect(await exited).toBe(0);
			expect(stdout).toBe("");
		} finally {
			if (child.exitCode === null) child.kill("SIGKILL");
			vault.remove();
		}
	}, 60_000);

	it("says so when the port is taken, exit 1", async () => {
		const taken = createServer();
		await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
		const address = taken.address();
		const port = typeof address === "object" && address !== null ? address.port : 0;
		try {
			const vault = mcpVault();
			try {
				const result = await runAsync(["--vault", vault.root, "--http", "--port", String(port)], {
					AW_MCP_TOKEN: "f".repeat(48),
				});
				expect(result.status).toBe(1);
				expect(result.stderr).toMatch(/The port is in use/);
				expect(result.stdout).toBe("");
			} finally {
				vault.remove();
			}
		} finally {
			await new Promise((resolve) => taken.close(resolve));
		}
	}, 60_000);

	it("prints its usage for --help, exit 0", () => {
		const result = run(["--help"]);
		expect(result.status).toBe(0);
		expect(result.stderr).toContain("usage: npm run -s mcp");
	}, 60_000);
});

/** A port nothing listens on now, on the loopback interface. */
function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0));
		});
	});
}
