/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// The plugin draws its settings in a DOM; the SDK's client is Node's build, as a terminal client runs it.
import { Notice } from "../../../sandbox/obsidianApi";
import { DEFAULT_MCP_TOKEN_SECRET } from "../../../src/core/workspace/data/settings";
import { until } from "../pluginFixture";
import {
	connect,
	freePort,
	mcpRow,
	occupy,
	pluginServing,
	resetMcpTest,
	SECRET,
	textOf,
	untilStatus,
} from "./mcpServerFixture";

jest.setTimeout(30_000);

beforeEach(resetMcpTest);

const READ_TOOLS = ["memory_search", "memory_get", "memory_recent", "memory_history"];
const LISTENING = /^Listening at http:\/\/127\.0\.0\.1:\d+\/mcp/;

describe("the plugin's MCP server, on desktop", () => {
	it("serves the chat's tools read-only over Streamable HTTP to a client with the token, hiding private notes from every tool, resource and prompt", async () => {
		const port = await freePort();
		const served = await pluginServing({ mcpServerEnabled: true, mcpServerPort: port });
		const status = await untilStatus(served.status, LISTENING);
		expect(status).toBe(`Listening at http://127.0.0.1:${port}/mcp, read-only.`);
		const token = served.token();
		expect(token).toMatch(/^[0-9a-f]{64}$/);
		const url = `http://127.0.0.1:${port}/mcp`;
		const client = await connect(url, token ?? "");
		try {
			expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([...READ_TOOLS].sort());

			const found = textOf(await client.callTool({ name: "memory_search", arguments: { query: "zebra", limit: 20 } }));
			expect(found).toContain("Notes/public.md");
			expect(found).not.toContain(SECRET);
			const got = textOf(await client.callTool({ name: "memory_get", arguments: { path: "Notes/public.md" } }));
			expect(got).toContain("The zebra migration happens in July.");
			for (const path of ["Private/diary.md", "Notes/flagged.md", "Notes/tagged.md"]) {
				const refused = await client.callTool({ name: "memory_get", arguments: { path } });
				expect(refused.isError).toBe(true);
				expect(textOf(refused)).not.toContain(SECRET);
			}
			for (const name of ["memory_recent", "memory_history"])
				expect(textOf(await client.callTool({ name, arguments: {} }))).not.toContain(SECRET);
			for (const resource of (await client.listResources()).resources)
				expect(textOf(await client.readResource({ uri: resource.uri }))).not.toContain(SECRET);
			expect(textOf(await client.getPrompt({ name: "start-session" }))).toContain("Likes zebras.");

			// A write is no tool here: nothing reaches the vault, nothing is audited.
			const write = await client.callTool({ name: "memory_append", arguments: { target: "daily", text: "Hi." } });
			expect(write.isError).toBe(true);
			expect(served.audit()).toEqual([]);

			// A note made private while the client is connected is hidden from its very next call.
			await served.set("excludedFolders", "Private\nNotes");
			const after = await client.callTool({ name: "memory_get", arguments: { path: "Notes/public.md" } });
			expect(after.isError).toBe(true);
			expect(textOf(after)).not.toContain("migration");
			const searched = textOf(
				await client.callTool({ name: "memory_search", arguments: { query: "zebra migration", limit: 20 } }),
			);
			expect(searched).not.toContain("Notes/public.md");
		} finally {
			await client.close();
			served.unload();
		}
	});

	it("refuses a request without the token or with a wrong one (401), and a new token locks out the old one", async () => {
		const port = await freePort();
		const served = await pluginServing({ mcpServerEnabled: true, mcpServerPort: port });
		await untilStatus(served.status, LISTENING);
		const url = `http://127.0.0.1:${port}/mcp`;
		const initialize = (headers: Record<string, string>) =>
			fetch(url, {
				method: "POST",
				// A connection per request: a pooled one may still be the server's before its restart, closed under it.
				headers: {
					"Content-Type": "application/json",
					Accept: "application/json, text/event-stream",
					Connection: "close",
					...headers,
				},
				body: JSON.stringify({
					jsonrpc: "2.0",
					id: 1,
					method: "initialize",
					params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "probe", version: "1" } },
				}),
			});
		try {
			expect((await initialize({})).status).toBe(401);
			expect((await initialize({ Authorization: `Bearer ${"f".repeat(64)}` })).status).toBe(401);
			const old = served.token() ?? "";
			expect((await initialize({ Authorization: `Bearer ${old}` })).status).toBe(200);

			// The token row's button asks first; confirmed, the server restarts with a new token.
			mcpRow(served.mock, "Token").setting.controlEl.querySelector("button")?.click();
			const confirm = Array.from(document.querySelectorAll<HTMLButtonElement>(".modal button")).find(
				(button) => button.textContent === "Regenerate",
			);
			expect(confirm).toBeDefined();
			confirm?.click();
			await until(
				() => Notice.messages.includes("New token in use. Give it to your MCP clients."),
				"the server restarted with the new token",
			);
			expect(served.status()).toMatch(LISTENING);
			expect(served.token()).toMatch(/^[0-9a-f]{64}$/);
			expect((await initialize({ Authorization: `Bearer ${old}` })).status).toBe(401);
			expect((await initialize({ Authorization: `Bearer ${served.token() ?? ""}` })).status).toBe(200);
			expect(mcpRow(served.mock, "Claude Code").text).toContain(
				`claude mcp add --transport http assistant-workspace ${url} --header "Authorization: Bearer ${served.token()}"`,
			);
		} finally {
			served.unload();
		}
	});

	it("refuses the token it started with once the user removes or replaces it in Obsidian's keychain", async () => {
		const port = await freePort();
		const served = await pluginServing({ mcpServerEnabled: true, mcpServerPort: port });
		await untilStatus(served.status, LISTENING);
		const url = `http://127.0.0.1:${port}/mcp`;
		const ping = (token: string) =>
			fetch(url, {
				method: "POST",
				headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, Connection: "close" },
				body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
			});
		try {
			const old = served.token() ?? "";
			expect((await ping(old)).status).toBe(400);
			// Not through the plugin's button: in Settings → Keychain, where no setting changes.
			served.app.secretStorage.setSecret(DEFAULT_MCP_TOKEN_SECRET, "");
			expect((await ping(old)).status).toBe(401);
			served.app.secretStorage.setSecret(DEFAULT_MCP_TOKEN_SECRET, "e".repeat(64));
			expect((await ping(old)).status).toBe(401);
		} finally {
			served.unload();
		}
	});

	it("offers the writing tools once writes are allowed, and audits each write as mcp:<client> through the Vault API", async () => {
		const port = await freePort();
		const served = await pluginServing({ mcpServerEnabled: true, mcpServerPort: port });
		await untilStatus(served.status, LISTENING);
		await served.set("mcpServerAllowWrites", true);
		await untilStatus(served.status, /clients may write\.$/);
		const client = await connect(`http://127.0.0.1:${port}/mcp`, served.token() ?? "", "claude-code");
		try {
			expect((await client.listTools()).tools).toHaveLength(8);
			const appended = await client.callTool({
				name: "memory_append",
				arguments: { target: "daily", text: "Decided on the July survey." },
			});
			expect(appended.isError).toBe(false);
			const saved = await client.callTool({
				name: "checkpoint",
				arguments: { doing: "Planning the zebra survey", next_action: "Book the boat" },
			});
			expect(textOf(saved)).not.toMatch(/^Error/);
			const daily = served.app.vault.getFiles().find((file) => file.path.startsWith("memory/daily/"));
			expect(daily).toBeDefined();
			expect(await served.app.vault.read(daily!)).toContain("Decided on the July survey.");
			// The entry, then the checkpoint, each written by the plugin's audited writer in the client's name.
			expect(served.audit().map((record) => record.actor)).toEqual(["mcp:claude-code", "mcp:claude-code"]);
			await until(() => served.saved().state.lastCheckpoint !== null, "the checkpoint saved");
			expect(served.saved().state.lastCheckpoint?.doing).toBe("Planning the zebra survey");
		} finally {
			await client.close();
			served.unload();
		}
	});

	it("frees the port when turned off, says so when the port is taken, and stops on unload", async () => {
		const port = await freePort();
		const served = await pluginServing({ mcpServerEnabled: true, mcpServerPort: port });
		await untilStatus(served.status, LISTENING);
		await served.set("mcpServerEnabled", false);
		await untilStatus(served.status, /^Stopped\.$/);
		const release = await occupy(port);
		try {
			await served.set("mcpServerEnabled", true);
			const status = await untilStatus(served.status, /^Not running/);
			expect(status).toBe(`Not running. Port ${port} is in use by another program: choose another port.`);
			expect(Notice.messages).toContain(
				`The MCP server did not start. Port ${port} is in use by another program: choose another port.`,
			);
		} finally {
			await release();
		}
		const other = await freePort();
		await served.set("mcpServerPort", other);
		await untilStatus(served.status, LISTENING);
		served.unload();
		await until(() => served.status() === "Stopped.", "the server stopped on unload");
		await (
			await occupy(other)
		)();
	});

	it("serves nothing while the privacy settings await the user's check", async () => {
		const port = await freePort();
		const served = await pluginServing({ mcpServerEnabled: true, mcpServerPort: port }, { privacyReviewNeeded: true });
		const status = await untilStatus(served.status, /^Not running/);
		expect(status).toBe("Not running. The privacy settings must be checked first; it starts once they are.");
		await (
			await occupy(port)
		)();
		served.unload();
	});

	it("holds all its clients to one budget: a client that opens a new session for each batch of calls meets it all the same", async () => {
		const port = await freePort();
		const served = await pluginServing({ mcpServerEnabled: true, mcpServerPort: port });
		await untilStatus(served.status, LISTENING);
		const url = `http://127.0.0.1:${port}/mcp`;
		const refusals: string[] = [];
		try {
			// MCP_CALL_LIMITS lets one session make 60 calls a minute, MCP_HOST_LIMITS all of them 240.
			for (let session = 0; session < 5; session++) {
				const client = await connect(url, served.token() ?? "", `looping-${session}`);
				for (let call = 0; call < 60; call++) {
					const result = await client.callTool({ name: "memory_recent", arguments: {} });
					if (result.isError === true) refusals.push(`${session}: ${textOf(result)}`);
				}
				await client.close();
			}
		} finally {
			served.unload();
		}
		expect(refusals).toHaveLength(60);
		expect(
			refusals.every((refusal) => refusal.startsWith("4: ") && refusal.includes("from all its clients together")),
		).toBe(true);
	});
});
