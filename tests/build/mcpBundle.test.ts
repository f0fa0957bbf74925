import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/**
 * The single file the release attaches (`npm run build:mcp`), built here by the build script itself
 * into a folder with no node_modules, and run there by Node alone: what a person who downloads it
 * and points Claude Code or Claude Desktop at it gets.
 */

const REPO = join(__dirname, "..", "..");
const READ_ONLY_TOOLS = ["memory_get", "memory_history", "memory_recent", "memory_search"];

let folder: string;
let bundle: string;
let vault: string;

function buildTo(outfile: string): void {
	execFileSync(process.execPath, [join(REPO, "scripts", "build", "mcpBuild.mjs"), outfile], {
		cwd: REPO,
		stdio: "pipe",
	});
}

beforeAll(() => {
	folder = mkdtempSync(join(tmpdir(), "mcp-bundle-"));
	bundle = join(folder, "assistant-workspace-mcp.cjs");
	buildTo(bundle);
	// A copy: the server may write its files (the audit trail) into the vault it serves.
	vault = join(folder, "vault");
	cpSync(join(REPO, "examples", "vault"), vault, { recursive: true });
}, 60_000);

afterAll(() => {
	rmSync(folder, { recursive: true, force: true });
});

test("it is one executable file that names its licenses, and two builds give the same bytes", () => {
	const text = readFileSync(bundle, "utf8");
	expect(text.startsWith("#!/usr/bin/env node\n/*! Assistant Workspace MCP server")).toBe(true);
	expect(text).toContain(
		"Bundles @anthropic-ai/sdk (Apache-2.0), @opentelemetry/api (Apache-2.0), yaml (ISC), zod (MIT):",
	);
	// The protocol is our own: no MCP SDK, nor what its server brings (ajv, hono), is inside.
	expect(text).not.toMatch(/node_modules\/(@modelcontextprotocol|ajv|hono|@hono)\//);
	expect(text).toContain("THIRD_PARTY_NOTICES-mcp.md");
	expect(statSync(bundle).mode & 0o111).not.toBe(0);
	const again = join(folder, "again.cjs");
	buildTo(again);
	expect(readFileSync(again).equals(readFileSync(bundle))).toBe(true);
}, 60_000);

test("--help answers (on stderr: stdout carries the protocol) and exits 0 with no node_modules around it", () => {
	const result = spawnSync(process.execPath, [bundle, "--help"], {
		cwd: folder,
		encoding: "utf8",
		env: { PATH: process.env.PATH ?? "" },
		timeout: 30_000,
	});
	expect(result.status).toBe(0);
	expect(result.stderr).toContain("--vault");
}, 60_000);

/** The official SDK client, connected over stdio to the bundle started by Node from its own folder. */
async function connected(...flags: string[]): Promise<Client> {
	const transport = new StdioClientTransport({
		command: process.execPath,
		args: [bundle, "--vault", vault, ...flags],
		cwd: folder,
		// No saved index in the user's cache folder.
		env: { ...getDefaultEnvironment(), AW_NO_CACHE: "1" },
		stderr: "pipe",
	});
	const client = new Client({ name: "bundle-smoke-test", version: "1.0.0" });
	await client.connect(transport);
	return client;
}

/** The text of a tool's answer. */
function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
	const content = result.content as ReadonlyArray<{ readonly type: string; readonly text?: string }>;
	return content.map((part) => (part.type === "text" ? (part.text ?? "") : "")).join("");
}

test("the official SDK client, over stdio, lists the read-only tools of the example vault and reads a note", async () => {
	const client = await connected();
	try {
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name).sort()).toEqual(READ_ONLY_TOOLS);
		for (const tool of tools) expect(tool.inputSchema.type).toBe("object");
		const welcome = await client.callTool({ name: "memory_get", arguments: { path: "Welcome.md" } });
		expect(welcome.isError).toBeFalsy();
		expect(textOf(welcome)).toContain("This is Mei's vault");
	} finally {
		await client.close();
	}
}, 60_000);

test("with --allow-writes it offers the four writes too", async () => {
	const client = await connected("--allow-writes");
	try {
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name).sort()).toEqual(
			[...READ_ONLY_TOOLS, "capture_note", "checkpoint", "memory_append", "note_annotate"].sort(),
		);
	} finally {
		await client.close();
	}
}, 60_000);

/** A port nobody listens on now, from the system. */
function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const address = probe.address();
			probe.close(() =>
				typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port")),
			);
		});
	});
}

test("with --http it serves the same tools on 127.0.0.1 to a client with the token (the bundled HTTP transport works)", async () => {
	const port = await freePort();
	const token = randomBytes(32).toString("hex");
	// The token through the environment, as the usage advises: a command line is seen by every process.
	const server = spawn(process.execPath, [bundle, "--vault", vault, "--http", "--port", String(port)], {
		cwd: folder,
		env: { PATH: process.env.PATH ?? "", AW_MCP_TOKEN: token, AW_NO_CACHE: "1" },
		stdio: ["ignore", "ignore", "pipe"],
	});
	try {
		const url = await new Promise<string>((resolve, reject) => {
			let said = "";
			server.stderr.on("data", (chunk: Buffer) => {
				said += chunk.toString("utf8");
				const found = /MCP server at (\S+)/.exec(said);
				if (found !== null) resolve(found[1]);
			});
			server.once("exit", (code) => reject(new Error(`the server exited (${code}): ${said}`)));
		});
		expect(url).toBe(`http://127.0.0.1:${port}/mcp`);
		const client = new Client({ name: "bundle-smoke-test", version: "1.0.0" });
		await client.connect(
			new StreamableHTTPClientTransport(new URL(url), {
				requestInit: { headers: { Authorization: `Bearer ${token}` } },
			}),
		);
		try {
			const { tools } = await client.listTools();
			expect(tools.map((tool) => tool.name).sort()).toEqual(READ_ONLY_TOOLS);
		} finally {
			await client.close();
		}
	} finally {
		server.kill();
	}
}, 60_000);
