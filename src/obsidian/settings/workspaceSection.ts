import type { Setting } from "obsidian";
import { IDENTITY_ROLES } from "../../core/workspace/identity";
import { t } from "../../i18n";
import { initialize, runAndNotify } from "../commands";
import { renderFileStatus } from "./fileRow";
import { folderProblem } from "./folderProblem";
import { renderFolderSwitch } from "./folderSwitchRow";
import type { SettingsContext, SettingsSection } from "./settingsContext";

/** The assistant folder (picked, then switched to after a confirmation), its status and its identity files. */
export function workspaceSection(context: SettingsContext): SettingsSection {
	return {
		type: "group",
		heading: t("settings.workspace.heading"),
		items: [
			{
				name: t("settings.folder.name"),
				desc: t("settings.folder.desc"),
				control: {
					type: "folder",
					key: "assistantFolder",
					includeRoot: true,
					validate: (folder) => folderProblem(context, folder),
				},
			},
			{ name: t("settings.switch.name"), searchable: false, render: (setting) => renderFolderSwitch(setting, context) },
			{ name: t("settings.status.name"), searchable: false, render: (setting) => void showStatus(setting, context) },
			...IDENTITY_ROLES.map((role) => ({
				name: t(`settings.identity.${role}`),
				searchable: false,
				render: (setting: Setting) => void showIdentityFile(setting, context, role),
			})),
		],
	};
}

async function showStatus(setting: Setting, context: SettingsContext): Promise<void> {
	const inspection = (await context.settingsStore.open()).inspect();
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
				await runAndNotify(context.settingsStore, initialize);
				context.redraw();
			}),
	);
}

async function showIdentityFile(
	setting: Setting,
	context: SettingsContext,
	role: (typeof IDENTITY_ROLES)[number],
): Promise<void> {
	renderFileStatus(setting, context.app, (await context.settingsStore.open()).identityFiles()[role]);
}
