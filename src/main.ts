import { Plugin } from "obsidian";
import { systemClock } from "./core/systemClock";
import { registerCommands } from "./obsidian/commands";
import { NoticeNotifier } from "./obsidian/noticeNotifier";
import { readPluginData } from "./obsidian/pluginDataFile";
import { AssistantSettingTab } from "./obsidian/settingsTab";
import { WorkspaceController } from "./obsidian/workspaceController";

/**
 * Lifecycle and wiring only. `onload` reads the plugin's own data file and registers commands
 * and the settings tab; it touches no note, so the vault opens as fast with the plugin as
 * without it. Work that reads the vault will start from `workspace.onLayoutReady`.
 */
export default class AssistantWorkspacePlugin extends Plugin {
	override async onload(): Promise<void> {
		const notifier = new NoticeNotifier();
		const data = await readPluginData(this, notifier, systemClock.now());
		const controller = new WorkspaceController(this, notifier, systemClock, data);
		registerCommands(this, controller);
		this.addSettingTab(new AssistantSettingTab(this.app, this, controller));
	}
}
