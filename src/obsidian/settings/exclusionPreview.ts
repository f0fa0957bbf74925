import type { SettingDefinitionRender, Vault } from "obsidian";
import { readExclusionList, type ExclusionKind } from "../../core/vault/exclusionList";
import { foldedFolderRule, foldedPath } from "../../core/vault/paths";
import { t } from "../../i18n";
import type { SettingsStore } from "../settingsStore";

/**
 * The row under a privacy list that says how its entries are read (`"Private", Journal` is two
 * folders) and, for folders, which of them the vault has no file in (`Jurnal (no such folder)`),
 * drawn again at every change of the list, so the user sees what is hidden while typing it; it
 * stops following the list when the tab goes.
 */
export function exclusionPreviewRow(
	settingsStore: SettingsStore,
	kind: ExclusionKind,
	vault: Vault,
): SettingDefinitionRender {
	const key = kind === "folders" ? "excludedFolders" : "excludedTags";
	return {
		name: "",
		searchable: false,
		render: (setting) => {
			// The vault's folders once per drawing of the tab, not at every key the user types.
			const folders = kind === "folders" ? foldersHoldingFiles(vault) : new Set<string>();
			const show = () => void setting.setDesc(readingOf(kind, settingsStore.settings[key], folders));
			show();
			return settingsStore.onChange((changed) => {
				if (changed.settings.includes(key)) show();
			});
		},
	};
}

/** `Read as 2 folders: Private · Jurnal (no such folder)`, `Read as 2 tags: #health · #secret`, or that the list names nothing. */
function readingOf(kind: ExclusionKind, entries: readonly string[], folders: ReadonlySet<string>): string {
	const { names, rules } = readExclusionList(kind, entries);
	if (names.length === 0) return t("settings.excluded.read-none");
	if (kind === "tags") {
		const shown = names.map((name) => `#${name}`).join(" · ");
		return t("settings.excluded-tags.read", { count: names.length, names: shown });
	}
	const exists = (folder: string) => folders.has(foldedFolderRule(folder));
	// A line kept as typed (`1. Projects`) is said too when the vault has a folder named so: it hides it.
	const typedThatHide = rules.filter((rule) => !names.includes(rule) && exists(rule));
	const shown = [
		...names.map((name) => (exists(name) ? name : t("settings.excluded-folders.missing", { name }))),
		...typedThatHide,
	];
	return t("settings.excluded-folders.read", { count: shown.length, names: shown.join(" · ") });
}

/** Every folder that holds a file, at any depth, as the privacy rules fold paths (case, width, spaces). */
function foldersHoldingFiles(vault: Vault): Set<string> {
	const folders = new Set<string>();
	for (const file of vault.getFiles()) {
		const folded = foldedPath(file.path);
		for (let end = folded.indexOf("/"); end !== -1; end = folded.indexOf("/", end + 1))
			folders.add(folded.slice(0, end));
		// A rule naming a file hides that file.
		folders.add(folded);
	}
	return folders;
}
