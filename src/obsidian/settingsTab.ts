import { PluginSettingTab, type App, type Plugin, type Setting, type SettingDefinitionItem } from "obsidian";
import { assertContained } from "../core/vault/containment";
import { t } from "../i18n";
import { initialize, runAndNotify } from "./commands";
import type { ChatEndpoint } from "./chat/chatPorts";
import { describeError } from "./describeError";
import { renderApiKey, renderModelChoice } from "./modelSettings";
import { rebuildAndNotify } from "./retrieval/indexCommands";
import { indexStatusText } from "./retrieval/indexStatusText";
import type { VaultIndexer } from "./retrieval/vaultIndexer";
import { settingFromControl, settingToControl, type SettingKey } from "./settingControls";
import type { WorkspaceController } from "./workspaceController";

/**
 * The settings tab, declared rather than drawn (Obsidian 1.13's settings definitions), so every
 * setting shows up in Obsidian's settings search and validation messages appear in place.
 */
export class AssistantSettingTab extends PluginSettingTab {
	constructor(
		app: App,
		plugin: Plugin,
		private readonly controller: WorkspaceController,
		private readonly indexer: VaultIndexer,
		private readonly endpoint: ChatEndpoint = {},
	) {
		super(app, plugin);
	}

	override getSettingDefinitions(): SettingDefinitionItem<SettingKey>[] {
		return [
			{
				type: "group",
				heading: t("settings.workspace.heading"),
				items: [
					{
						name: t("settings.folder.name"),
						desc: t("settings.folder.desc"),
						control: { type: "folder", key: "assistantFolder", includeRoot: true, validate: (folder) => this.folderProblem(folder) },
					},
					{ name: t("settings.status.name"), searchable: false, render: (setting) => void this.showStatus(setting) },
				],
			},
			{
				type: "group",
				heading: t("settings.model.heading"),
				items: [
					{
						name: t("settings.api-key.name"),
						desc: t("settings.api-key.desc"),
						render: (setting) => renderApiKey(setting, this.controller),
					},
					{ name: t("settings.model.name"), render: (setting) => renderModelChoice(setting, this.controller, this.endpoint.baseURL) },
				],
			},
			{
				type: "group",
				heading: t("settings.memory.heading"),
				items: [
					{
						name: t("settings.daily-location.name"),
						desc: t("settings.daily-location.desc"),
						control: {
							type: "dropdown",
							key: "dailyMemoryLocation",
							options: {
								"assistant-folder": t("settings.daily-location.assistant-folder"),
								"daily-notes": t("settings.daily-location.daily-notes"),
							},
						},
					},
					{
						name: t("settings.retention.name"),
						desc: t("settings.retention.desc"),
						control: {
							type: "number",
							key: "archiveRetentionDays",
							min: 1,
							max: 3650,
							validate: (days) => (Number.isInteger(days) && days >= 1 && days <= 3650 ? undefined : t("settings.retention.invalid")),
						},
					},
				],
			},
			{
				type: "group",
				heading: t("settings.privacy.heading"),
				items: [
					{
						name: t("settings.excluded-folders.name"),
						desc: t("settings.excluded-folders.desc"),
						control: { type: "textarea", key: "excludedFolders", rows: 3 },
					},
					{
						name: t("settings.excluded-tags.name"),
						desc: t("settings.excluded-tags.desc"),
						control: { type: "textarea", key: "excludedTags", rows: 3 },
					},
				],
			},
			{
				type: "group",
				heading: t("settings.index.heading"),
				items: [
					{ name: t("settings.index-status.name"), searchable: false, render: (setting) => this.showIndexStatus(setting) },
					{
						name: t("settings.pinned.name"),
						desc: t("settings.pinned.desc"),
						control: { type: "textarea", key: "pinnedNotes", rows: 3 },
					},
				],
			},
			{
				type: "group",
				heading: t("settings.interface.heading"),
				items: [
					{
						name: t("settings.language.name"),
						desc: t("settings.language.desc"),
						control: {
							type: "dropdown",
							key: "language",
							options: { auto: t("settings.language.auto"), en: "English", zh: "简体中文" },
						},
					},
				],
			},
		];
	}

	override getControlValue(key: string): unknown {
		return settingToControl(this.controller.settings, key);
	}

	override async setControlValue(key: string, value: unknown): Promise<void> {
		const change = settingFromControl(key, value);
		if (change === null) return;
		await this.controller.updateSettings(change);
		// The language and the folder change what the tab itself says.
		if ("language" in change || "assistantFolder" in change) this.update();
	}

	private folderProblem(folder: string): string | undefined {
		if (folder.trim() === "" || folder.trim() === "/") return undefined;
		try {
			assertContained(folder, { configDir: this.app.vault.configDir, excludedFolders: this.controller.settings.excludedFolders });
			return undefined;
		} catch (error) {
			return describeError(error);
		}
	}

	private async showStatus(setting: Setting): Promise<void> {
		const inspection = (await this.controller.open()).inspect();
		const paths = (entries: readonly { path: string }[]) => entries.map((entry) => entry.path).join(", ");
		setting.setDesc(
			t(`settings.status.${inspection.status}`, {
				count: inspection.noteCount,
				present: paths(inspection.present),
				missing: paths(inspection.missing),
			}),
		);
		if (inspection.missing.length === 0) return;
		setting.addButton((button) =>
			button
				.setButtonText(t("settings.initialize.button"))
				.setCta()
				.onClick(async () => {
					await runAndNotify(this.controller, initialize);
					this.update();
				}),
		);
	}

	/** The index's status, kept current while the tab is open, and a button to rebuild it. */
	private showIndexStatus(setting: Setting): () => void {
		const service = this.indexer.service;
		const describe = () => void setting.setDesc(indexStatusText(service));
		describe();
		setting.addButton((button) =>
			button.setButtonText(t("settings.rebuild.button")).onClick(() => void rebuildAndNotify(this.indexer, this.controller.notifier)),
		);
		return service.onStatus(describe);
	}
}
