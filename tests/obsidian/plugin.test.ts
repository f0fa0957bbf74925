/**
 * @jest-environment jsdom
 */
import { App, asObsidianApp, Notice, setLanguageForTests } from "../../sandbox/obsidianApi";
import AssistantWorkspacePlugin from "../../src/main";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { manifest } from "./pluginFixture";
import { setLanguage } from "../../src/i18n";

const DATA = ".obsidian/plugins/assistant-workspace/data.json";

function loadedPlugin(files: Record<string, string> = {}, savedData?: string) {
	const app = new App(new MemoryVault({ files }));
	if (savedData !== undefined) app.vault.adapter.hidden.set(DATA, savedData);
	const plugin = new AssistantWorkspacePlugin(asObsidianApp(app), manifest);
	return { app, plugin, loaded: plugin.onload() };
}

function command(plugin: AssistantWorkspacePlugin, id: string): () => unknown {
	const found = (plugin as unknown as { commands: { id: string; callback?: () => unknown }[] }).commands.find((c) =>
		c.id.endsWith(`:${id}`),
	);
	if (!found?.callback) throw new Error(`no command ${id}`);
	return found.callback;
}

/** Commands run their work without awaiting it (Obsidian's callbacks are synchronous). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
	Notice.messages.length = 0;
	setLanguageForTests("en");
	setLanguage("en");
});

describe("the plugin in Obsidian", () => {
	it("loads without reading or writing a single note: only its own data file, indexing left for layout-ready", async () => {
		const { app, loaded } = loadedPlugin({ "Notes/a.md": "# A", "Daily/2026-01-01.md": "x" });
		await loaded;
		expect(app.calls.names()).toEqual(["vault.adapter.exists", "workspace.onLayoutReady"]);
		expect(Notice.messages).toEqual([]);
	});

	it("offers its commands without the plugin id or a default hotkey", async () => {
		const { plugin, loaded } = loadedPlugin();
		await loaded;
		const commands = (plugin as unknown as { commands: { id: string; name: string; hotkeys?: unknown }[] }).commands;
		expect(commands.map((c) => c.id)).toEqual([
			"assistant-workspace:initialize-workspace",
			"assistant-workspace:promote-today",
			"assistant-workspace:archive-daily-memory",
			"assistant-workspace:capture-to-inbox",
			"assistant-workspace:capture-selection",
			"assistant-workspace:organize-current-note",
			"assistant-workspace:organize-inbox",
			"assistant-workspace:suggest-taxonomy-changes",
			"assistant-workspace:refresh-vault-map",
			"assistant-workspace:promote-day",
			"assistant-workspace:build-weekly-summary",
			"assistant-workspace:consolidate-memory",
			"assistant-workspace:save-checkpoint",
			"assistant-workspace:show-assistant-changes",
			"assistant-workspace:search-memory",
			"assistant-workspace:rebuild-index",
			"assistant-workspace:open-related-notes",
			"assistant-workspace:open-chat",
			"assistant-workspace:new-chat",
			"assistant-workspace:new-chat-in-tab",
			"assistant-workspace:edit-selection",
			"assistant-workspace:ask-selection",
			"assistant-workspace:run-prompt",
			"assistant-workspace:run-heartbeat",
		]);
		expect(commands.every((c) => c.hotkeys === undefined)).toBe(true);
	});

	it("initializes the workspace from the command, keeping the user's own memory file, and audits each write", async () => {
		const own = "# My memory\n\nI like tea.\n";
		const { app, plugin, loaded } = loadedPlugin({ "MEMORY.md": own });
		await loaded;
		command(plugin, "initialize-workspace")();
		await settle();
		expect(app.vault.getFileByPath("soul.md")).not.toBeNull();
		expect(app.vault.getFileByPath("memory.md")).toBeNull();
		expect(await app.vault.read(app.vault.getFileByPath("MEMORY.md")!)).toBe(own);
		expect(Notice.messages.join("\n")).toMatch(/^Assistant workspace ready: created .*soul\.md/);
		const audit = app.vault.adapter.hidden.get(".obsidian/plugins/assistant-workspace/audit.jsonl") ?? "";
		expect(
			audit
				.trim()
				.split("\n")
				.map((line) => (JSON.parse(line) as { path: string }).path),
		).toContain("soul.md");
	});

	it("tells the user when there is nothing to promote today", async () => {
		const { plugin, loaded } = loadedPlugin();
		await loaded;
		command(plugin, "promote-today")();
		await settle();
		expect(Notice.messages).toEqual([expect.stringMatching(/^There is no daily memory for \d{4}-\d{2}-\d{2} yet\.$/)]);
	});

	it("keeps a corrupt data file as a backup, says so, and holds back the model until the privacy settings are checked", async () => {
		const broken = '{"schemaVersion": 2, "settings": {"assistantFolder": "AI"'; // cut off mid-write
		const { app, loaded } = loadedPlugin({}, broken);
		await loaded;
		const backups = [...app.vault.adapter.hidden.entries()].filter(([path]) =>
			/data\.json\.corrupt-.*\.bak$/.test(path),
		);
		expect(backups.map(([, text]) => text)).toEqual([broken]);
		expect(Notice.messages).toEqual([
			expect.stringMatching(/^The original file was kept as data\.json\.corrupt-.*\.bak in the plugin folder\.$/),
			"The plugin's data file could not be read.",
			"Your excluded folders and tags could not be read, so nothing is sent to any model until you have checked them in the privacy section of the plugin settings.",
		]);
	});

	it("keeps the valid settings of a damaged data file and resets only the bad one", async () => {
		const saved = JSON.stringify({
			schemaVersion: 2,
			settings: { assistantFolder: "AI", archiveRetentionDays: -5, language: "zh" },
			state: {},
		});
		const { app, plugin, loaded } = loadedPlugin({}, saved);
		await loaded;
		expect(Notice.messages.some((m) => m.includes("settings.archiveRetentionDays"))).toBe(true);
		command(plugin, "initialize-workspace")();
		await settle();
		expect(app.vault.getFileByPath("AI/soul.md")).not.toBeNull();
	});

	it("speaks Chinese when Obsidian does", async () => {
		setLanguageForTests("zh");
		const { plugin, loaded } = loadedPlugin();
		await loaded;
		const commands = (plugin as unknown as { commands: { name: string }[] }).commands;
		expect(commands[0].name).toBe("初始化助理工作区");
	});
});
