import { t } from "../../i18n";
import { renderApiKey, renderConnectionTest, renderModelChoice } from "../modelSettings";
import { ModelRowsState } from "./modelRowsState";
import type { SettingsContext, SettingsSection } from "./settingsContext";

/** The API key (a secret of Obsidian's SecretStorage, by name), the model, and a connection test, drawn from one state. */
export function modelSection(context: SettingsContext): SettingsSection {
	const { app, settingsStore, endpoint } = context;
	const rows = new ModelRowsState(app, settingsStore, endpoint.baseURL);
	return {
		type: "group",
		heading: t("settings.model.heading"),
		items: [
			{
				name: t("settings.api-key.name"),
				desc: t("settings.api-key.desc"),
				render: (setting) => renderApiKey(setting, app, settingsStore, rows),
			},
			{ name: t("settings.model.name"), render: (setting) => renderModelChoice(setting, settingsStore, rows) },
			{
				name: t("settings.connection.name"),
				desc: t("settings.connection.desc"),
				render: (setting) => renderConnectionTest(setting, rows),
			},
		],
	};
}
