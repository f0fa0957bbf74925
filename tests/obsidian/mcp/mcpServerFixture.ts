import { createServer } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { SettingDefinitionGroup, SettingDefinitionRender } from "obsidian";
import { App, Notice, Setting, setLanguageForTests } from "../../../sandbox/obsidianApi";
import type { Plugin as MockPlugin } from "../../../sandbox/obsidianApi/plugin";
import { parseAuditLog } from "../../../src/core/audit/parse";
import type { AuditRecord } from "../../../src/core/audit/record";
import { CURRENT_SCHEMA_VERSION } from "../../../src/core/workspace/data/migrations";
import { DEFAULT_MCP_TOKEN_SECRET, defaultSettings, type Settings } from "../../../src/core/workspace/data/settings";
import { defaultState, type PluginState } from "../../../src/core/workspace/data/state";
import { setLanguage } from "../../../src/i18n";
import type { AssistantSettingTab } from "../../../src/obsidian/settingsTab";
import { MemoryIndexStore } from "../../harness/memoryIndexStore";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { loadPlugin, until, untilIndexed } from "../pluginFixture";

export const DATA = ".obsidian/plugins/assistant-workspace/data.json";
const AUDIT = ".obsidian/plugins/assistant-workspace/audit.jsonl";

/** Every hidden note below holds this word, and nothing else in the vault does. */
export const SECRET = "quetzal4471";

/** Identity files, memory, public notes, and notes hidden each way the settings allow. */
export const FILES = {
	"soul.md": "# Soul\nCalm and precise.\n",
	"user.md": "# User\nA marine biologist who studies zebras.\n",
	"claude.md": "# Rules\nNever invent sources.\n",
	"memory.md": "# Memory\n## Preferences\n- Likes zebras.\n",
	"Notes/public.md": "# Zebras\nThe zebra migration happens in July.\n",
	"Notes/later.md": "# Later\nThe zebra herd count is 412.\n",
	"Notes/flagged.md": `---\nassistant: private\n---\nThe zebra code is ${SECRET}.\n`,
	"Notes/tagged.md": `Zebra notes ${SECRET} #secret\n`,
	"Private/diary.md": `Zebra diary ${SECRET}\n`,
};

export function resetMcpTest(): void {
	setLanguageForTests("en");
	setLanguage("en");
	Notice.messages.length = 0;
	document.body.empty();
}

/** A port nothing listens on right now, from the system. */
export async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

/** Holds `port` on 127.0.0.1, as another program would; returns what lets it go. */
export async function occupy(port: number): Promise<() => Promise<void>> {
	const server = createServer();
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(port, "127.0.0.1", resolve);
	});
	return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The plugin on the vault above, its settings as saved in `data.json`, the layout ready and the index built. */
export async function pluginServing(settings: Partial<Settings>, state: Partial<PluginState> = {}) {
	const app = new App(new MemoryVault({ files: FILES }));
	app.vault.adapter.hidden.set(
		DATA,
		JSON.stringify({
			schemaVersion: CURRENT_SCHEMA_VERSION,
			settings: { ...defaultSettings(), excludedFolders: ["Private"], excludedTags: ["secret"], ...settings },
			state: { ...defaultState(), ...state },
		}),
	);
	const { plugin, mock } = await loadPlugin(app, new MemoryIndexStore());
	app.workspace.triggerLayoutReady();
	await untilIndexed(mock);
	const tab = mock.settingTabs[0] as unknown as AssistantSettingTab;
	return {
		app,
		plugin,
		mock,
		tab,
		status: () => mcpRow(mock, "Status").text,
		token: () => app.secretStorage.getSecret(DEFAULT_MCP_TOKEN_SECRET),
		audit: (): AuditRecord[] => parseAuditLog(app.vault.adapter.hidden.get(AUDIT) ?? "").records,
		saved: () => JSON.parse(app.vault.adapter.hidden.get(DATA) ?? "null") as { state: PluginState },
		/** Changes a setting as the tab's control does. */
		set: (key: keyof Settings, value: unknown) => tab.setControlValue(key, value),
		unload: () => mock.unload(),
	};
}

/** A row of the MCP server's section, drawn as Obsidian draws it: its description and its element. */
export function mcpRow(mock: MockPlugin, name: string) {
	const tab = mock.settingTabs[0] as unknown as AssistantSettingTab;
	tab.update();
	const group = tab.settingItems.find(
		(item): item is SettingDefinitionGroup => "heading" in item && item.heading === "MCP server",
	);
	const row = group?.items?.find((item) => "name" in item && item.name === name) as SettingDefinitionRender | undefined;
	if (!row?.render) throw new Error(`no row ${name} in the MCP server section`);
	const setting = new Setting(document.createElement("div"));
	const stop = row.render(setting as never, null as never);
	if (typeof stop === "function") stop();
	return { text: setting.descEl.getText(), setting };
}

/** Waits until the status row says what `pattern` matches. */
export async function untilStatus(status: () => string, pattern: RegExp): Promise<string> {
	await until(() => pattern.test(status()), `the status to match ${pattern}`);
	return status();
}

/** The official SDK client, named `name`, connected over Streamable HTTP with `token`. */
export async function connect(url: string, token: string, name = "claude-code"): Promise<Client> {
	const client = new Client({ name, version: "1.0.0" });
	await client.connect(
		new StreamableHTTPClientTransport(new URL(url), {
			requestInit: { headers: { Authorization: `Bearer ${token}` } },
		}),
	);
	return client;
}

/** A tool call's or a resource's text. */
export function textOf(result: object): string {
	const blocks = (
		"content" in result
			? result.content
			: "contents" in result
				? result.contents
				: "messages" in result
					? (result.messages as { content: unknown }[]).map((message) => message.content)
					: []
	) as readonly { text?: string }[];
	return blocks.map((block) => block.text ?? "").join("");
}
