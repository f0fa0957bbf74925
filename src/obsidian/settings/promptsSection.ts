import { layoutFor } from "../../core/workspace/layout";
import { t } from "../../i18n";
import { folderProblem } from "./folderProblem";
import type { SettingsContext, SettingsSection } from "./settingsContext";

/** Where prompt notes are kept: each becomes a `/` command of the chat and a command of the palette. */
export function promptsSection(context: SettingsContext): SettingsSection {
	const ownPrompts = layoutFor(context.settingsStore.settings.assistantFolder).promptsFolder;
	return {
		type: "group",
		heading: t("settings.prompts.heading"),
		items: [
			{
				name: t("settings.prompts.name"),
				desc: t("settings.prompts.desc", { folder: ownPrompts }),
				control: {
					type: "folder",
					key: "promptsFolder",
					placeholder: ownPrompts,
					validate: (folder) => folderProblem(context, folder),
				},
			},
		],
	};
}
