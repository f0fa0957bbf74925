import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/**
 * `node scripts/build/mcpSmoke.mjs <bundle> <vault>`: the official SDK client starts the single
 * file with Node, over stdio, on a copy of the vault (the server may write its audit trail there),
 * from the bundle's own folder, and lists its tools; exits 1 unless they are the four read-only
 * ones. CI's "bundle mcp (single file)" step runs it on the very file a release attaches.
 */
const READ_ONLY_TOOLS = ["memory_get", "memory_history", "memory_recent", "memory_search"];

const [bundleArgument, vaultArgument] = process.argv.slice(2);
if (bundleArgument === undefined || vaultArgument === undefined) {
	console.error("usage: node scripts/build/mcpSmoke.mjs <bundle> <vault>");
	process.exit(2);
}
const bundle = resolve(bundleArgument);
const folder = mkdtempSync(join(tmpdir(), "mcp-smoke-"));
const vault = join(folder, "vault");
cpSync(resolve(vaultArgument), vault, { recursive: true });
const client = new Client({ name: "mcp-smoke", version: "1.0.0" });
try {
	await client.connect(
		new StdioClientTransport({ command: process.execPath, args: [bundle, "--vault", vault], cwd: dirname(bundle) }),
	);
	const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
	console.log(`tools: ${names.join(", ")}`);
	if (names.join(",") !== READ_ONLY_TOOLS.join(",")) {
		console.error(`expected exactly ${READ_ONLY_TOOLS.join(", ")}`);
		process.exitCode = 1;
	}
} finally {
	await client.close();
	rmSync(folder, { recursive: true, force: true });
}
