import { t } from "../../i18n";
import type { SettingsSection } from "./settingsContext";

/** The interface language: Obsidian's, or English or Chinese whatever Obsidian's is. */
export function interfaceSection(): SettingsSection {
	return {
		type: "group",
		heading: t("settings.interface.heading"),
		items: [
			{
				name: t("settings.language.name"),
				desc: t("settings.language.desc"),
				control: {
					type: "dropdown",
					key: "language",
					// Each language is named in itself, so it can be found whatever the interface speaks.
					options: { auto: t("settings.language.auto"), en: "English", zh: "简体中文" },
				},
			},
		],
	};
}
