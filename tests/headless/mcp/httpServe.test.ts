import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { openHeadlessMcp } from "../../../headless/mcp/headlessMcp";
import { serveMcpHttp } from "../../../src/desktop/mcpHttpServer";
import { auditRecords, mcpVault, NOW, SECRET, textOf } from "./mcpVault";

const TOKEN = "0123456789abcdef0123456789abcdef-serve";

describe("the headless MCP server over Streamable HTTP", () => {
	it("serves the real surface on 127.0.0.1 to a client with the token, one budget and one actor per session", async () => {
		const vault = mcpVault();
		const served = await openHeadlessMcp(vault.root, { allowWrites: true, now: NOW });
		const http = await serveMcpHttp(served.openSurface, { port: 0, token: TOKEN });
		const client = new Client({ name: "claude-code", version: "1.0.0" });
		try {
			expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
			await client.connect(
				new StreamableHTTPClientTransport(new URL(http.url), {
					requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
				}),
			);
			expect((await client.listTools()).tools).toHaveLength(8);
			const found = textOf(await client.callTool({ name: "memory_search", arguments: { query: "zebra", limit: 20 } }));
			expect(found).toContain("Notes/public.md");
			expect(found).not.toContain(SECRET);
			await client.callTool({ name: "memory_append", arguments: { target: "daily", text: "Over HTTP." } });
			expect(auditRecords(vault).map((record) => record.actor)).toEqual(["mcp:claude-code"]);

			const intruder = new Client({ name: "intruder", version: "1.0.0" });
			await expect(
				intruder.connect(
					new StreamableHTTPClientTransport(new URL(http.url), {
						requestInit: { headers: { Authorization: "Bearer wrong-token-wrong-token-wrong-token" } },
					}),
				),
			).rejects.toThrow();
		} finally {
			await client.close();
			await http.close();
			vault.remove();
		}
	});
});
