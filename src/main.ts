import { Plugin } from "obsidian";
import type { Clock } from "./core/ports";
import type { IndexStore, VectorStore } from "./core/retrieval/service/indexStore";
import { systemClock } from "./core/systemClock";
import type { ChatEndpoint } from "./obsidian/obsidianModel";
import { obsidianTurnPorts } from "./obsidian/turnPorts";
import { openChat, registerChat } from "./obsidian/chat/registerChat";
import { registerCliHandlers } from "./obsidian/cli/cliHandlers";
import { registerCommands } from "./obsidian/commands";
import { chatPaneOf } from "./obsidian/heartbeat/heartbeatChat";
import { HeartbeatRunner } from "./obsidian/heartbeat/heartbeatRunner";
import { registerHeartbeat } from "./obsidian/heartbeat/registerHeartbeat";
import { McpServerController } from "./obsidian/mcp/mcpServerController";
import { NoticeNotifier } from "./obsidian/noticeNotifier";
import { createOnboardingActions } from "./obsidian/onboarding/onboardingActions";
import { readPluginData } from "./obsidian/pluginDataFile";
import { registerIndexCommands } from "./obsidian/retrieval/indexCommands";
import { registerRelatedNotes } from "./obsidian/retrieval/relatedNotesView";
import { IndexedDbIndexStore } from "./obsidian/retrieval/indexedDbIndexStore";
import { VaultIndexer } from "./obsidian/retrieval/vaultIndexer";
import { HeartbeatUpkeep } from "./obsidian/upkeep/heartbeatUpkeep";
import { rebuildVaultMapOnRuleChange } from "./obsidian/organize/vaultMapFollowsRules";
import { AssistantSettingTab } from "./obsidian/settingsTab";
import { SettingsStore } from "./obsidian/settingsStore";

/**
 * Lifecycle and wiring only. `onload` reads the plugin's own data file and registers commands
 * and the settings tab; it touches no note, so the vault opens as fast with the plugin as
 * without it. Work that reads the vault (the search index, the heartbeat, the MCP server)
 * starts from `workspace.onLayoutReady`.
 */
export default class AssistantWorkspacePlugin extends Plugin {
	override async onload(): Promise<void> {
		const clock = this.clock();
		const notifier = new NoticeNotifier();
		const data = await readPluginData(this, notifier, clock.now());
		const settingsStore = new SettingsStore(this, notifier, clock, data);
		const indexer = new VaultIndexer(this, settingsStore, this.indexStore(), clock);
		const endpoint = this.chatEndpoint();
		const ports = () => obsidianTurnPorts(this, settingsStore, indexer.meaning, clock, endpoint);
		const commandDeps = { plugin: this, settingsStore, ports };
		registerCommands(commandDeps);
		rebuildVaultMapOnRuleChange(commandDeps);
		registerIndexCommands(this, indexer, notifier);
		registerRelatedNotes(this, indexer.meaning, settingsStore);
		const onboarding = createOnboardingActions({ app: this.app, settingsStore, clock, openChat: () => openChat(this) });
		registerChat(this, settingsStore, indexer.meaning, clock, onboarding, endpoint);
		const upkeep = new HeartbeatUpkeep(commandDeps);
		const runner = new HeartbeatRunner({
			settingsStore,
			ports,
			chat: chatPaneOf(this),
			notifier,
			afterRun: () => upkeep.afterHeartbeat(),
		});
		const heartbeat = registerHeartbeat(this, runner);
		registerCliHandlers(commandDeps, () => runner.run(true));
		const mcpServer = new McpServerController({ plugin: this, settingsStore, index: indexer.meaning, clock, notifier });
		this.addSettingTab(
			new AssistantSettingTab(this.app, this, { settingsStore, indexer, endpoint, onboarding, mcpServer }),
		);
		this.app.workspace.onLayoutReady(() => {
			indexer.start();
			heartbeat.start();
			mcpServer.start();
		});
	}

	/** The time the plugin lives by (a test sets the hour). */
	protected clock(): Clock {
		return systemClock;
	}

	/** Where the chat's requests go: Anthropic's API (a test points it at its fake server). */
	protected chatEndpoint(): ChatEndpoint {
		return {};
	}

	/** Where the search index and the vectors are kept on this device (a test puts them in memory). */
	protected indexStore(): IndexStore & VectorStore {
		return IndexedDbIndexStore.forVault(this);
	}
}
