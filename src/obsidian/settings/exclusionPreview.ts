import type { SettingDefinitionRender } from "obsidian";
import { readExclusionList, type ExclusionKind } from "../../core/vault/exclusionList";
import { t } from "../../i18n";
import type { SettingsStore } from "../settingsStore";

/**
 * The row under a privacy list that says how its entries are read (`"Private", Journal` is two
 * folders), drawn again at every change of the list, so the user sees what is hidden while
 * typing it; it stops following the list when the tab goes.
 */
export function exclusionPreviewRow(settingsStore: SettingsStore, kind: ExclusionKind): SettingDefinitionRender {
	const key = kind === "folders" ? "excludedFolders" : "excludedTags";
	return {
		name: "",
		searchable: false,
		render: (setting) => {
			const show = () => void setting.setDesc(readingOf(kind, settingsStore.settings[key]));
			show();
			return settingsStore.onChange((changed) => {
				if (changed.settings.includes(key)) show();
			});
		},
	};
}

/** `Read as 2 folders: Private · Journal`, `Read as 2 tags: #health · #secret`, or that the list names nothing. */
function readingOf(kind: ExclusionKind, entries: readonly string[]): string {
	const { names } = readExclusionList(kind, entries);
	if (names.length === 0) return t("settings.excluded.read-none");
	const shown = (kind === "tags" ? names.map((name) => `#${name}`) : names).join(" · ");
	return t(`settings.excluded-${kind}.read`, { count: names.length, names: shown });
}
