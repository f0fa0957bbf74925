import type { PluginManifest, SettingDefinitionGroup, SettingDefinitionRender } from "obsidian";
import { App, asObsidianApp, Setting } from "../../sandbox/obsidianApi";
import AssistantWorkspacePlugin from "../../src/main";
import type { Clock } from "../../src/core/ports";
import type { IndexStore, VectorStore } from "../../src/core/retrieval/service/indexStore";
import { systemClock } from "../../src/core/systemClock";
import type { ChatEndpoint } from "../../src/obsidian/obsidianModel";
import type { AssistantSettingTab } from "../../src/obsidian/settingsTab";
import { MemoryIndexStore } from "../harness/memoryIndexStore";
import type { Plugin as MockPlugin } from "../../sandbox/obsidianApi/plugin";

export const manifest: PluginManifest = {
	id: "assistant-workspace",
	name: "Assistant Workspace",
	author: "test",
	version: "0.1.0",
	minAppVersion: "1.13.0",
	description: "Test.",
	dir: ".obsidian/plugins/assistant-workspace",
};

/** The plugin with its index kept in memory (Node has no IndexedDB), on a "device" a test can restart on. */
class PluginOnDevice extends AssistantWorkspacePlugin {
	device!: MemoryIndexStore;
	/** The fake Anthropic server the chat talks to, when the test has one, and the idle limit it sets. */
	chat: ChatEndpoint = {};
	/** The plugin's time, when the test sets the hour. */
	testClock: Clock = systemClock;

	protected override clock(): Clock {
		return this.testClock;
	}

	protected override chatEndpoint(): ChatEndpoint {
		return this.chat;
	}

	protected override indexStore(): IndexStore & VectorStore {
		return this.device;
	}
}

/** The plugin as Obsidian loads it, on `device`; `mock` is the same object as the mock sees it. */
export async function loadPlugin(
	app: App,
	device = new MemoryIndexStore(),
	chat?: string | ChatEndpoint,
	clock: Clock = systemClock,
) {
	const plugin = new PluginOnDevice(asObsidianApp(app), manifest);
	plugin.device = device;
	plugin.chat = typeof chat === "string" ? { baseURL: chat } : (chat ?? {});
	plugin.testClock = clock;
	const mock = plugin as unknown as MockPlugin;
	mock.load();
	await mock.loading;
	return { plugin, mock, device };
}

/** Waits for a condition that the plugin's timers and reads bring about. */
export async function until(condition: () => boolean, what: string): Promise<void> {
	for (let waited = 0; waited < 5000; waited += 5) {
		if (condition()) return;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error(`Timed out waiting for ${what}.`);
}

export function command(mock: MockPlugin, id: string): () => unknown {
	const found = mock.commands.find((c) => c.id.endsWith(`:${id}`));
	if (!found?.callback) throw new Error(`no command ${id}`);
	return found.callback;
}

/** The "Index status" row of the settings tab, drawn as Obsidian draws it: its text and its button. */
export function indexStatusRow(mock: MockPlugin) {
	const tab = mock.settingTabs[0] as unknown as AssistantSettingTab;
	const group = tab.settingItems.find(
		(item): item is SettingDefinitionGroup => "heading" in item && item.heading === "Index",
	);
	const row = group?.items?.[0] as SettingDefinitionRender | undefined;
	if (!row) throw new Error("no index status row");
	const setting = new Setting(document.createElement("div"));
	const stop = row.render(setting as never, null as never);
	return { text: setting.descEl.getText(), button: setting.controlEl.querySelector("button"), stop };
}

/** What the settings tab says of the index right now. */
export function indexStatus(mock: MockPlugin): string {
	const row = indexStatusRow(mock);
	if (typeof row.stop === "function") row.stop();
	return row.text;
}

/** Waits until the index has been brought up to date (the settings tab tells of the last update). */
export async function untilIndexed(mock: MockPlugin): Promise<void> {
	await until(() => indexStatus(mock).includes("Last update"), "the index");
}

export { App };
