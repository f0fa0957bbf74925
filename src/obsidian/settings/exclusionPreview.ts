import type { Setting } from "obsidian";
import { readExclusionList, type ExclusionKind } from "../../core/vault/exclusionList";
import { t } from "../../i18n";
import type { SettingsStore } from "../settingsStore";

const SETTING_OF = { folders: "excludedFolders", tags: "excludedTags" } as const;

/**
 * Under a privacy list, how its entries are read (`"Private", Journal` is two folders), drawn
 * again at every change of the list, so the user sees what is hidden while typing it.
 * Returns the function that stops following the list.
 */
export function exclusionPreview(setting: Setting, settingsStore: SettingsStore, kind: ExclusionKind): () => void {
	const key = SETTING_OF[kind];
	const show = () => void setting.setDesc(readingOf(kind, settingsStore.settings[key]));
	show();
	return settingsStore.onChange((changed) => {
		if (changed.settings.includes(key)) show();
	});
}

/** `Read as 2 folders: Private · Journal`, `Read as 2 tags: #health · #secret`, or that the list names nothing. */
export function readingOf(kind: ExclusionKind, entries: readonly string[]): string {
	const { names } = readExclusionList(kind, entries);
	if (names.length === 0)
		return t(kind === "folders" ? "settings.excluded-folders.read-none" : "settings.excluded-tags.read-none");
	const shown = (kind === "tags" ? names.map((name) => `#${name}`) : names).join(" · ");
	const key = kind === "folders" ? "settings.excluded-folders.read" : "settings.excluded-tags.read";
	return t(key, { count: names.length, names: shown });
}
