import {
	PRESET_BASE_URLS,
	PRESET_NAMES,
	SERVER_CONTEXT_WINDOW_RANGE,
	SERVER_PRESETS,
	type ServerPreset,
} from "../../core/model/modelServer";
import { t } from "../../i18n";
import { connectionDesc, renderConnectionTest, renderKeyPicker, renderModelChoice } from "../modelSettings";
import { isServerContextWindow } from "../settingControls";
import { ModelRowsState } from "./modelRowsState";
import { renderServerModel } from "./serverModelRow";
import { serverUrlProblem } from "./serverUrlProblem";
import type { SettingsContext, SettingsSection } from "./settingsContext";

/**
 * Who runs the model, and its rows, drawn from one state: for Anthropic the API key (a secret of
 * Obsidian's SecretStorage, by name) and the model; for a local or compatible server its preset,
 * address, optional key, model and context window; for both a connection test.
 */
export function modelSection(context: SettingsContext): SettingsSection {
	const { app, settingsStore, endpoint } = context;
	const rows = new ModelRowsState(app, settingsStore, endpoint);
	const server = () => settingsStore.settings.modelProvider === "compatible";
	const anthropic = () => !server();
	const { min, max } = SERVER_CONTEXT_WINDOW_RANGE;
	return {
		type: "group",
		heading: t("settings.model.heading"),
		items: [
			{
				name: t("settings.provider.name"),
				desc: t("settings.provider.desc"),
				control: {
					type: "dropdown",
					key: "modelProvider",
					// A name, the same in every language.
					options: { anthropic: "Anthropic", compatible: t("settings.provider.compatible") },
				},
			},
			{
				name: t("settings.api-key.name"),
				desc: t("settings.api-key.desc"),
				visible: anthropic,
				render: (setting) => renderKeyPicker(setting, app, settingsStore, rows, "apiKeySecret"),
			},
			{
				name: t("settings.model.name"),
				visible: anthropic,
				render: (setting) => renderModelChoice(setting, settingsStore, rows),
			},
			{
				name: t("settings.server.preset.name"),
				desc: t("settings.server.preset.desc"),
				visible: server,
				control: {
					type: "dropdown",
					key: "serverPreset",
					options: Object.fromEntries(SERVER_PRESETS.map((preset) => [preset, presetName(preset)])),
				},
			},
			{
				name: t("settings.server.url.name"),
				desc: t("settings.server.url.desc"),
				visible: server,
				control: {
					type: "text",
					key: "serverBaseUrl",
					placeholder: PRESET_BASE_URLS.ollama,
					validate: serverUrlProblem,
				},
			},
			{
				name: t("settings.server.key.name"),
				desc: t("settings.server.key.desc"),
				visible: server,
				render: (setting) => renderKeyPicker(setting, app, settingsStore, rows, "serverKeySecret"),
			},
			{
				name: t("settings.model.name"),
				visible: server,
				render: (setting) => renderServerModel(setting, settingsStore, rows),
			},
			{
				name: t("settings.server.context.name"),
				desc: t("settings.server.context.desc"),
				visible: server,
				control: {
					type: "number",
					key: "serverContextWindowTokens",
					min,
					max,
					step: 1,
					validate: (value) =>
						isServerContextWindow(value)
							? undefined
							: t("settings.server.context.invalid", { min: min.toLocaleString(), max: max.toLocaleString() }),
				},
			},
			{
				name: t("settings.connection.name"),
				desc: connectionDesc(server()),
				render: (setting) => renderConnectionTest(setting, settingsStore, rows),
			},
		],
	};
}

/** "Custom" is said in the user's language; the servers' names are the same in every one. */
function presetName(preset: ServerPreset): string {
	return preset === "custom" ? t("settings.server.preset.custom") : PRESET_NAMES[preset];
}
