import { t } from "../../i18n";
import type { SettingsSection } from "./settingsContext";

/** What the assistant never reads or sends, and, in plain words, what it does send to Anthropic. */
export function privacySection(): SettingsSection {
	return {
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
			{ name: t("settings.private-flag.name"), desc: t("settings.private-flag.desc"), aliases: ["assistant: private"] },
			{ name: t("settings.sent.name"), desc: t("settings.sent.desc") },
		],
	};
}
