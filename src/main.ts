import { Plugin } from "obsidian";
import type { IndexStore } from "./core/ports";
import { systemClock } from "./core/systemClock";
import { registerChat } from "./obsidian/chat/registerChat";
import type { ChatEndpoint } from "./obsidian/chat/chatPorts";
import { registerCommands } from "./obsidian/commands";
import { NoticeNotifier } from "./obsidian/noticeNotifier";
import { readPluginData } from "./obsidian/pluginDataFile";
import { registerIndexCommands } from "./obsidian/retrieval/indexCommands";
import { IndexedDbIndexStore } from "./obsidian/retrieval/indexedDbIndexStore";
import { VaultIndexer } from "./obsidian/retrieval/vaultIndexer";
import { AssistantSettingTab } from "./obsidian/settingsTab";
import { WorkspaceController } from "./obsidian/workspaceController";

/**
 * Lifecycle and wiring only. `onload` reads the plugin's own data file and registers commands
 * and the settings tab; it touches no note, so the vault opens as fast with the plugin as
 * without it. Work that reads the vault (the search index) starts from `workspace.onLayoutReady`.
 */
export default class AssistantWorkspacePlugin extends Plugin {
	override async onload(): Promise<void> {
		const notifier = new NoticeNotifier();
		const data = await readPluginData(this, notifier, systemClock.now());
		const controller = new WorkspaceController(this, notifier, systemClock, data);
		const indexer = new VaultIndexer(this, controller, this.indexStore(), systemClock);
		registerCommands(this, controller);
		registerIndexCommands(this, indexer, notifier);
		const endpoint = this.chatEndpoint();
		registerChat(this, controller, indexer.service, systemClock, endpoint);
		this.addSettingTab(new AssistantSettingTab(this.app, this, controller, indexer, endpoint));
		this.app.workspace.onLayoutReady(() => indexer.start());
	}

	/** Where the chat's requests go: Anthropic's API (a test points it at its fake server). */
	protected chatEndpoint(): ChatEndpoint {
		return {};
	}

	/** Where the search index is kept on this device (a test puts it in memory). */
	protected indexStore(): IndexStore {
		return IndexedDbIndexStore.forVault(this);
	}
}
