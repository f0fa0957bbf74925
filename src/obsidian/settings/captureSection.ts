import { layoutFor } from "../../core/workspace/layout";
import { t } from "../../i18n";
import { folderProblem } from "./folderProblem";
import type { SettingsContext, SettingsSection } from "./settingsContext";

/** Where captures go ("Capture to inbox", "Capture selection", the chat's `capture_note`), refused in place when the assistant may not write there. */
export function captureSection(context: SettingsContext): SettingsSection {
	const ownInbox = layoutFor(context.settingsStore.settings.assistantFolder).inboxFolder;
	return {
		type: "group",
		heading: t("settings.capture.heading"),
		items: [
			{
				name: t("settings.inbox.name"),
				desc: t("settings.inbox.desc", { folder: ownInbox }),
				control: {
					type: "folder",
					key: "inboxFolder",
					placeholder: ownInbox,
					validate: (folder) => folderProblem(context, folder),
				},
			},
		],
	};
}
