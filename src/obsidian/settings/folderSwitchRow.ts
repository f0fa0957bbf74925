import type { ButtonComponent, Setting } from "obsidian";
import { t } from "../../i18n";
import { describeError } from "../describeError";
import { inspectTarget, switchAssistantFolder, type SwitchStep } from "./folderSwitch";
import { FolderSwitchModal, folderName } from "./folderSwitchModal";
import type { SettingsContext } from "./settingsContext";

/**
 * The row under the folder picker: which folder the assistant uses, the one picked, and the
 * button that inspects the picked folder and asks what to do there. Kept current as the pick changes.
 */
export function renderFolderSwitch(setting: Setting, context: SettingsContext): () => void {
	const { settingsStore, folderDraft } = context;
	let button: ButtonComponent | null = null;
	const describe = () => {
		const draft = folderDraft.value;
		setting.setDesc(
			draft === null
				? t("settings.switch.current", { folder: folderName(settingsStore.settings.assistantFolder) })
				: t("settings.switch.pending", { folder: folderName(draft) }),
		);
		button?.setDisabled(draft === null);
	};
	setting.addButton((component) => {
		button = component
			.setButtonText(t("settings.switch.button"))
			.setCta()
			.onClick(() => void confirmSwitch(context));
	});
	describe();
	return folderDraft.onChange(describe);
}

async function confirmSwitch(context: SettingsContext): Promise<void> {
	const folder = context.folderDraft.value;
	if (folder === null) return;
	try {
		const inspection = await inspectTarget(context.settingsStore, folder);
		new FolderSwitchModal(context.app, folder, inspection, (step) => void switchTo(context, folder, step)).open();
	} catch (error) {
		context.settingsStore.notifier.notify(t("folder-switch.failed", { error: describeError(error) }));
	}
}

async function switchTo(context: SettingsContext, folder: string, step: SwitchStep): Promise<void> {
	const { settingsStore } = context;
	const failed = (error: string) => settingsStore.notifier.notify(t("folder-switch.failed", { error }));
	try {
		const result = await switchAssistantFolder(settingsStore, folder, step);
		if (!result.ok) return failed(result.failed.map((entry) => `${entry.path}: ${entry.error}`).join("; "));
	} catch (error) {
		return failed(describeError(error));
	}
	context.folderDraft.clear();
	settingsStore.notifier.notify(t("folder-switch.switched", { folder: folderName(folder) }));
	if (step === "rerun-onboarding") context.onboarding.startConversation();
	context.redraw();
}
