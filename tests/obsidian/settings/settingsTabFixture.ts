import type {
	SettingDefinitionControl,
	SettingDefinitionGroup,
	SettingDefinitionItem,
	SettingDefinitionRender,
} from "obsidian";
import { App, asObsidianApp, Notice, Plugin, Setting, setLanguageForTests } from "../../../sandbox/obsidianApi";
import { systemClock } from "../../../src/core/systemClock";
import { loadPluginData } from "../../../src/core/workspace/data/load";
import { setLanguage } from "../../../src/i18n";
import { McpServerController } from "../../../src/obsidian/mcp/mcpServerController";
import { NoticeNotifier } from "../../../src/obsidian/noticeNotifier";
import type { OnboardingActions } from "../../../src/obsidian/onboarding/onboardingActionsPort";
import { VaultIndexer } from "../../../src/obsidian/retrieval/vaultIndexer";
import { AssistantSettingTab } from "../../../src/obsidian/settingsTab";
import { SettingsStore } from "../../../src/obsidian/settingsStore";
import { MemoryIndexStore } from "../../harness/memoryIndexStore";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { manifest } from "../pluginFixture";

export const DATA = ".obsidian/plugins/assistant-workspace/data.json";

export function resetSettingsTest(): void {
	setLanguageForTests("en");
	setLanguage("en");
	Notice.messages.length = 0;
	document.body.empty();
}

/** Onboarding actions that only record what the tab asked for. */
export function recordingOnboarding(): OnboardingActions & { calls: string[] } {
	const calls: string[] = [];
	return {
		calls,
		startConversation: () => void calls.push("conversation"),
		fillInForm: () => void calls.push("form"),
		startOver: async () => void calls.push("start-over"),
	};
}

/** The settings tab over a vault of `files`, built as the plugin builds it, with recording onboarding actions. */
export function settingsTabOn(files: Record<string, string> = {}) {
	const app = new App(new MemoryVault({ files }));
	const plugin = new Plugin(app, manifest);
	const obsidianPlugin = plugin as unknown as import("obsidian").Plugin;
	const settingsStore = new SettingsStore(obsidianPlugin, new NoticeNotifier(), systemClock, loadPluginData(null).data);
	const indexer = new VaultIndexer(obsidianPlugin, settingsStore, new MemoryIndexStore(), systemClock);
	const onboarding = recordingOnboarding();
	const mcpServer = new McpServerController({
		plugin: obsidianPlugin,
		settingsStore,
		index: indexer.service,
		clock: systemClock,
		notifier: new NoticeNotifier(),
	});
	const tab = new AssistantSettingTab(asObsidianApp(app), obsidianPlugin, {
		settingsStore,
		indexer,
		endpoint: {},
		onboarding,
		mcpServer,
	});
	tab.update();
	const saved = () =>
		JSON.parse(app.vault.adapter.hidden.get(DATA) ?? "null") as {
			settings: Record<string, unknown>;
			state: Record<string, unknown>;
		} | null;
	return { app, tab, settingsStore, onboarding, saved };
}

export function group(tab: AssistantSettingTab, heading: string): SettingDefinitionGroup {
	const found = tab.settingItems.find(
		(item): item is SettingDefinitionGroup => "heading" in item && item.heading === heading,
	);
	if (!found) throw new Error(`no section ${heading}`);
	return found;
}

/** A row of a section drawn as Obsidian draws it. */
export function drawRow(tab: AssistantSettingTab, heading: string, name: string) {
	const row = (group(tab, heading).items ?? []).find((item) => "name" in item && item.name === name) as
		SettingDefinitionRender | undefined;
	if (!row?.render) throw new Error(`no row ${name} in ${heading}`);
	const setting = new Setting(document.createElement("div"));
	const stop = row.render(setting as never, null as never);
	return {
		setting,
		stop,
		button: (text: string) =>
			Array.from(setting.controlEl.querySelectorAll("button")).find((button) => button.textContent === text),
	};
}

export function controls(items: readonly SettingDefinitionItem[]): SettingDefinitionControl[] {
	return items.flatMap((item) =>
		"type" in item && (item.type === "group" || item.type === "list")
			? controls((item as SettingDefinitionGroup).items ?? [])
			: "control" in item && item.control
				? [item as SettingDefinitionControl]
				: [],
	);
}

export function control(tab: AssistantSettingTab, key: string): SettingDefinitionControl["control"] {
	const found = controls(tab.settingItems).find((item) => item.control.key === key);
	if (!found) throw new Error(`no control for ${key}`);
	return found.control;
}

/** Lets the tab's pending work run (an inspection, a switch). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
