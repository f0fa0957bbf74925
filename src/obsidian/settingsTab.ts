import { Notice, PluginSettingTab, type App, type Plugin, type SettingDefinitionItem } from "obsidian";
import { t } from "../i18n";
import type { McpServerController } from "./mcp/mcpServerController";
import type { ChatEndpoint } from "./obsidianModel";
import type { OnboardingActions } from "./onboarding/onboardingActionsPort";
import type { VaultIndexer } from "./retrieval/vaultIndexer";
import { FORM_CLASS } from "./formClass";
import { settingFromControl, settingToControl, type SettingKey } from "./settingControls";
import { activeHoursProblem } from "./settings/activeHoursProblem";
import { captureSection } from "./settings/captureSection";
import { folderProblem } from "./settings/folderProblem";
import { FolderDraft } from "./settings/folderDraft";
import { heartbeatSection } from "./settings/heartbeatSection";
import { indexSection } from "./settings/indexSection";
import { interfaceSection } from "./settings/interfaceSection";
import { mcpSection } from "./settings/mcpSection";
import { meaningSection } from "./settings/meaningSection";
import { memorySection } from "./settings/memorySection";
import { modelSection } from "./settings/modelSection";
import { onboardingSection } from "./settings/onboardingSection";
import { privacySection } from "./settings/privacySection";
import { promptsSection } from "./settings/promptsSection";
import type { SettingsContext } from "./settings/settingsContext";
import { workspaceSection } from "./settings/workspaceSection";
import type { SettingsStore } from "./settingsStore";

export interface SettingTabDeps {
	readonly settingsStore: SettingsStore;
	readonly indexer: VaultIndexer;
	readonly endpoint: ChatEndpoint;
	readonly onboarding: OnboardingActions;
	readonly mcpServer: McpServerController;
}

/** Changes that alter what the tab itself says, or which rows are enabled or shown: the tab is drawn again. */
const REDRAWN_BY: readonly SettingKey[] = [
	"language",
	"assistantFolder",
	"heartbeatAllDay",
	"modelProvider",
	"serverPreset",
	"meaningSearch",
];

/**
 * The settings tab, declared rather than drawn (Obsidian 1.13's settings definitions), so every
 * setting shows up in Obsidian's settings search and validation messages appear in place. Each
 * section is declared in `settings/`.
 */
export class AssistantSettingTab extends PluginSettingTab {
	private readonly context: SettingsContext;

	constructor(app: App, plugin: Plugin, deps: SettingTabDeps) {
		super(app, plugin);
		this.context = { app, ...deps, folderDraft: new FolderDraft(), redraw: () => this.update() };
		// Onboarding finishes in its own modals, while this tab may be open behind them.
		plugin.register(
			deps.settingsStore.onChange((changed) => {
				if (changed.state.includes("onboardingComplete")) this.update();
			}),
		);
	}

	override getSettingDefinitions(): SettingDefinitionItem<SettingKey>[] {
		const context = this.context;
		const sections = [
			modelSection(context),
			workspaceSection(context),
			onboardingSection(context),
			heartbeatSection(context),
			memorySection(),
			captureSection(context),
			promptsSection(context),
			privacySection(context),
			indexSection(context),
			meaningSection(context),
			mcpSection(context),
			interfaceSection(),
		];
		// Each section carries the class `styles.css` lays out the plugin's forms by at a phone's width.
		return sections.map((section) => ({ ...section, cls: FORM_CLASS }));
	}

	override getControlValue(key: string): unknown {
		if (key === "assistantFolder")
			return this.context.folderDraft.value ?? this.context.settingsStore.settings.assistantFolder;
		return settingToControl(this.context.settingsStore.settings, key);
	}

	override async setControlValue(key: string, value: unknown): Promise<void> {
		const { settingsStore, folderDraft } = this.context;
		const change = settingFromControl(key, value);
		if (change === null) return;
		// The folder is only picked here; it changes once the switch is confirmed (see `folderSwitchRow.ts`).
		if (change.assistantFolder !== undefined)
			return folderDraft.set(change.assistantFolder, settingsStore.settings.assistantFolder);
		if (
			("heartbeatActiveStart" in change || "heartbeatActiveEnd" in change) &&
			activeHoursProblem(settingsStore.settings, change) !== undefined
		)
			return;
		for (const folder of [change.inboxFolder, change.promptsFolder])
			if (folder !== undefined && folderProblem(this.context, folder) !== undefined) return;
		const languageBefore = settingsStore.language();
		await settingsStore.updateSettings(change);
		if (REDRAWN_BY.some((redrawn) => redrawn in change)) this.update();
		// What is open follows the new language at once; what Obsidian took once at load does not.
		if (settingsStore.language() !== languageBefore) new Notice(t("settings.language.restart"));
	}
}
