/**
 * @jest-environment ./tests/harness/jsdomWithFetch.cjs
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import type { SettingDefinitionGroup } from "obsidian";
import { Notice, Platform } from "../../../sandbox/obsidianApi";
import { MCP_REMOTE_PACKAGE } from "../../../src/obsidian/mcp/clientLines";
import { until } from "../pluginFixture";
import { freePort, mcpRow, occupy, pluginServing, resetMcpTest, untilStatus } from "./mcpServerFixture";

jest.setTimeout(30_000);

beforeEach(resetMcpTest);

const LISTENING = /^Listening at /;

describe("the MCP server's section of the settings", () => {
	it("says how to connect Claude Code and Claude Desktop, with the token, and copies each line", async () => {
		const port = await freePort();
		const served = await pluginServing({ mcpServerPort: port });
		const writeText = jest.fn(async () => undefined);
		Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
		try {
			// Before the server is first turned on there is no token, so no line to give.
			expect(mcpRow(served.mock, "Claude Code").text).toContain(
				"The token is made when the server is first turned on.",
			);
			expect(served.status()).toBe("Stopped.");

			await served.set("mcpServerEnabled", true);
			await untilStatus(served.status, LISTENING);
			const token = served.token() ?? "";
			const url = `http://127.0.0.1:${port}/mcp`;
			const code = mcpRow(served.mock, "Claude Code");
			const line = `claude mcp add --transport http assistant-workspace ${url} --header "Authorization: Bearer ${token}"`;
			expect(code.setting.descEl.querySelector("code")?.textContent).toBe(line);
			code.setting.descEl.querySelector("button")?.click();
			await until(() => Notice.messages.length > 0, "the copy notice");
			expect(writeText).toHaveBeenLastCalledWith(line);
			expect(Notice.messages).toEqual(["Copied. It holds the token: paste it only where the client is set up."]);

			const desktop = mcpRow(served.mock, "Claude Desktop").setting.descEl.querySelector("code")?.textContent ?? "";
			expect(JSON.parse(desktop)).toEqual({
				mcpServers: {
					"assistant-workspace": {
						command: "npx",
						args: ["-y", MCP_REMOTE_PACKAGE, url, "--header", "Authorization:${AUTH_HEADER}"],
						env: { AUTH_HEADER: `Bearer ${token}` },
					},
				},
			});
			expect(MCP_REMOTE_PACKAGE).toMatch(/^mcp-remote@\d+\.\d+\.\d+$/);
			expect(mcpRow(served.mock, "Token").text).toContain("assistant-workspace-mcp-token");
			expect(mcpRow(served.mock, "Token").text).not.toContain(token);
			// The token lives in secret storage alone, never in data.json.
			expect(JSON.stringify(served.saved())).not.toContain(token);
		} finally {
			served.unload();
		}
	});

	it("on a phone says the server is for desktop only, and nothing else, and never starts it", async () => {
		Platform.isDesktopApp = false;
		const port = await freePort();
		try {
			const served = await pluginServing({ mcpServerEnabled: true, mcpServerPort: port });
			served.tab.update();
			const section = served.tab.settingItems.find(
				(item): item is SettingDefinitionGroup => "heading" in item && item.heading === "MCP server",
			);
			expect(section?.items?.map((item) => ("name" in item ? item.name : ""))).toEqual(["Desktop only"]);
			await new Promise((resolve) => setTimeout(resolve, 100));
			// Nothing listens on the port, and no token was made.
			await (
				await occupy(port)
			)();
			expect(served.token()).toBeNull();
			served.unload();
		} finally {
			Platform.isDesktopApp = true;
		}
	});
});
