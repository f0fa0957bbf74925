import type { App, SettingDefinitionGroup } from "obsidian";
import type { McpServerController } from "../mcp/mcpServerController";
import type { ChatEndpoint } from "../obsidianModel";
import type { OnboardingActions } from "../onboarding/onboardingActionsPort";
import type { VaultIndexer } from "../retrieval/vaultIndexer";
import type { SettingKey } from "../settingControls";
import type { SettingsStore } from "../settingsStore";
import type { FolderDraft } from "./folderDraft";

/** What the sections of the settings tab work with. */
export interface SettingsContext {
	readonly app: App;
	readonly settingsStore: SettingsStore;
	readonly indexer: VaultIndexer;
	readonly endpoint: ChatEndpoint;
	readonly onboarding: OnboardingActions;
	/** The MCP server, which its section turns on and off and whose status it shows. */
	readonly mcpServer: McpServerController;
	/** The assistant folder the user picked and has not switched to yet. */
	readonly folderDraft: FolderDraft;
	/** Draws the tab again, after a change that alters what it says. */
	readonly redraw: () => void;
}

/** One section of the tab: a heading and its rows. */
export type SettingsSection = SettingDefinitionGroup<SettingKey>;
