/**
 * @jest-environment jsdom
 */
import { setApiVersionForTests } from "../../../sandbox/obsidianApi";
import { untilIndexed } from "../pluginFixture";
import { commandPlugin, resetCommandTest } from "./commandFixture";

beforeEach(resetCommandTest);
afterEach(() => setApiVersionForTests("1.13.1"));

const VAULT = {
	"Notes/Tea.md": "# Tea\n\nGreen tea before noon, never after four.\n",
	"Notes/Coffee.md": "# Coffee\n\nOne espresso after lunch.\n",
	"memory.md": "# Memory\n\n## Preferences\n- Short answers.\n",
};

describe("Obsidian's command line", () => {
	it("offers search, capture, recent and heartbeat from API 1.12.2 on, sharing the commands' code", async () => {
		const { app, mock, text } = await commandPlugin(VAULT);
		expect([...mock.cliHandlers.keys()]).toEqual([
			"assistant-workspace:search",
			"assistant-workspace:capture",
			"assistant-workspace:recent",
			"assistant-workspace:heartbeat",
		]);
		const call = (id: string, params: Record<string, string>) =>
			mock.cliHandlers.get(`assistant-workspace:${id}`)!.handler(params);

		const path = await call("capture", { title: "Call the archive", text: "Ask about the 1920s registers." });
		expect(path).toBe("Inbox/2026-03-18 Call the archive.md");
		expect(await text(path)).toContain("Ask about the 1920s registers.");

		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		const found = JSON.parse(await call("search", { query: "green tea", limit: "1", json: "true" })) as {
			matches: { path: string }[];
		};
		expect(found.matches.map((match) => match.path)).toEqual(["Notes/Tea.md"]);
		expect(await call("search", { query: "espresso" })).toContain("Notes/Coffee.md");
		expect(await call("recent", { days: "2" })).toContain("Short answers.");
		// Not onboarded: the heartbeat says why it did not run, as "Run heartbeat now" does.
		expect(await call("heartbeat", {})).toBe("The heartbeat starts once onboarding is complete.");
	});

	it("registers nothing on an older Obsidian, and the plugin loads as usual", async () => {
		setApiVersionForTests("1.12.1");
		const { mock } = await commandPlugin(VAULT);
		expect(mock.cliHandlers.size).toBe(0);
		expect(mock.commands.some((command) => command.id === "assistant-workspace:capture-to-inbox")).toBe(true);
	});
});
