import type { Setting } from "obsidian";
import { t } from "../../i18n";
import { rebuildAndNotify } from "../retrieval/indexCommands";
import { indexStatusText } from "../retrieval/indexStatusText";
import type { SettingsContext, SettingsSection } from "./settingsContext";

/** The search index: its status, kept current while the tab is open, a rebuild, and pinned notes. */
export function indexSection(context: SettingsContext): SettingsSection {
	return {
		type: "group",
		heading: t("settings.index.heading"),
		items: [
			{
				name: t("settings.index-status.name"),
				searchable: false,
				render: (setting) => showIndexStatus(setting, context),
			},
			{
				name: t("settings.pinned.name"),
				desc: t("settings.pinned.desc"),
				control: { type: "textarea", key: "pinnedNotes", rows: 3 },
			},
		],
	};
}

function showIndexStatus(setting: Setting, context: SettingsContext): () => void {
	const { indexer, settingsStore } = context;
	const describe = () => void setting.setDesc(indexStatusText(indexer.service));
	describe();
	setting.addButton((button) =>
		button
			.setButtonText(t("settings.rebuild.button"))
			.onClick(() => void rebuildAndNotify(indexer, settingsStore.notifier)),
	);
	return indexer.service.onStatus(describe);
}
