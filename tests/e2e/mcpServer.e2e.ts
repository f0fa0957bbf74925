import { useSandbox } from "./harness/sandboxSession";
import { User } from "./harness/userActions";

const open = useSandbox();

describe("the MCP server's settings, in the sandbox", () => {
	it("turned on where Node is not, says so and throws nothing; the Claude Code line holds the token and its Copy button copies it", async () => {
		const { page, screenshot } = await open();
		await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
		const user = new User(page);
		await user.openSettings();
		const status = user.shownSetting(user.text("settings.mcp.status.name"));
		const claudeCode = user.setting(user.text("settings.mcp.claude-code.name"));
		await status.scrollIntoViewIfNeeded();
		await expect(status.locator(".setting-item-description").textContent()).resolves.toBe(
			user.text("settings.mcp.status.off"),
		);
		await expect(claudeCode.locator(".setting-item-description").textContent()).resolves.toContain(
			user.text("settings.mcp.token.none"),
		);

		// The sandbox's page is a browser: the server's module cannot load Node's http there.
		await page.getByRole("switch", { name: user.text("settings.mcp.enabled.name") }).click();
		const reason = user.text("settings.mcp.problem.unavailable");
		await status
			.locator(".setting-item-description", { hasText: user.text("settings.mcp.status.failed", { reason }) })
			.waitFor();
		await page.locator(".notice", { hasText: user.text("settings.mcp.failed-notice", { reason }) }).waitFor();

		// The token was made all the same, in secret storage: the lines to give the clients hold it.
		const line = (await claudeCode.locator("code").textContent()) ?? "";
		expect(line).toMatch(
			/^claude mcp add --transport http assistant-workspace http:\/\/127\.0\.0\.1:27182\/mcp --header "Authorization: Bearer [0-9a-f]{64}"$/,
		);
		const desktop = JSON.parse(
			(await user.setting(user.text("settings.mcp.claude-desktop.name")).locator("code").textContent()) ?? "",
		) as { mcpServers: Record<string, { env: { AUTH_HEADER: string } }> };
		expect(`Bearer ${line.split("Bearer ")[1].replace('"', "")}`).toBe(
			desktop.mcpServers["assistant-workspace"].env.AUTH_HEADER,
		);
		await user.dismissNotices();
		await claudeCode.getByRole("button", { name: user.text("settings.mcp.copy"), exact: true }).click();
		await page.locator(".notice", { hasText: user.text("settings.mcp.copied") }).waitFor();
		await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(line);
		await user.dismissNotices();

		await page
			.locator(".mod-settings")
			.getByText(user.text("settings.mcp.heading"), { exact: true })
			.evaluate((heading) => heading.scrollIntoView({ block: "start" }));
		await screenshot("mcp-settings");
	});
});
