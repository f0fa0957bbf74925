import { TFile, type App, type Setting } from "obsidian";
import { t } from "../../i18n";

/** A file of the workspace in a settings row: whether it is there and its size, and a button to open it. */
export function renderFileStatus(setting: Setting, app: App, path: string | null): void {
	const file = path === null ? null : app.vault.getAbstractFileByPath(path);
	if (!(file instanceof TFile)) {
		setting.setDesc(t("settings.file.missing"));
		return;
	}
	setting.setDesc(t("settings.file.present", { path: file.path, size: fileSize(file.stat.size) }));
	setting.addButton((button) =>
		button.setButtonText(t("settings.file.open")).onClick(() => void app.workspace.openLinkText(file.path, "", false)),
	);
}

function fileSize(bytes: number): string {
	return bytes < 1024
		? t("settings.file.bytes", { count: bytes })
		: t("settings.file.kilobytes", { count: Math.round(bytes / 102.4) / 10 });
}
