import { SecretComponent, type App, type Setting } from "obsidian";
import { ModelError, type ModelInfo } from "../core/agent/model";
import { t } from "../i18n";
import { createModelClient, DEFAULT_MODEL, modelErrorMessage, OFFLINE_MODEL_ID } from "../llm";
import { windowDelay } from "./chat/chatPorts";
import { formatList } from "./localeFormat";
import type { WorkspaceController } from "./workspaceController";

/**
 * The "Model" rows of the settings tab: the API key, chosen from Obsidian's SecretStorage by
 * name (the key itself is never in `data.json`), the model, listed from the API with the key,
 * and a connection test.
 */

/** Obsidian's secret picker: the setting keeps the secret's name; the key stays in SecretStorage. */
export function renderApiKey(setting: Setting, app: App, controller: WorkspaceController): void {
	setting.addComponent((el) =>
		new SecretComponent(app, el).setValue(controller.settings.apiKeySecret).onChange((name) => void controller.updateSettings({ apiKeySecret: name ?? "" })),
	);
}

/** The model dropdown: the saved choice, the default and offline at once, then what the API lists. */
export function renderModelChoice(setting: Setting, controller: WorkspaceController, baseURL?: string): () => void {
	const stop = new AbortController();
	const current = controller.settings.model;
	const options = new Map<string, string>([
		[DEFAULT_MODEL, DEFAULT_MODEL],
		[current, current],
		[OFFLINE_MODEL_ID, t("model.offline-name")],
	]);
	setting.addDropdown((dropdown) => {
		const fill = () => {
			dropdown.selectEl.empty();
			for (const [id, name] of options) dropdown.addOption(id, name);
			dropdown.setValue(current);
		};
		fill();
		dropdown.onChange((value) => void controller.updateSettings({ model: value }));
		if (controller.apiKey() === "") {
			setting.setDesc(t("settings.model.no-key"));
			return;
		}
		setting.setDesc(t("settings.model.listing"));
		void listModels(controller, baseURL, stop.signal).then((listed) => {
			if (stop.signal.aborted) return;
			if (!listed.ok) return void setting.setDesc(listed.message);
			for (const model of listed.models) options.set(model.id, model.displayName === "" ? model.id : model.displayName);
			fill();
			setting.setDesc(t("settings.model.listed", { count: listed.models.length }));
		});
	});
	return () => stop.abort();
}

/** "Test connection": asks the API for the models the key may use and says what came back. */
export function renderConnectionTest(setting: Setting, controller: WorkspaceController, baseURL?: string): () => void {
	const stop = new AbortController();
	setting.addButton((button) =>
		button.setButtonText(t("settings.connection.button")).onClick(async () => {
			if (controller.apiKey() === "") return void setting.setDesc(t("settings.connection.no-key"));
			button.setDisabled(true);
			setting.setDesc(t("settings.connection.testing"));
			const listed = await listModels(controller, baseURL, stop.signal);
			if (stop.signal.aborted) return;
			button.setDisabled(false);
			const names = listed.ok ? formatList(listed.models.slice(0, 3).map((model) => model.displayName || model.id)) : "";
			setting.setDesc(listed.ok ? t("settings.connection.ok", { count: listed.models.length, models: names }) : listed.message);
		}),
	);
	return () => stop.abort();
}

type Listed = { readonly ok: true; readonly models: readonly ModelInfo[] } | { readonly ok: false; readonly message: string };

async function listModels(controller: WorkspaceController, baseURL: string | undefined, signal: AbortSignal): Promise<Listed> {
	const client = createModelClient({ apiKey: controller.apiKey(), baseURL, delay: windowDelay, translate: t });
	try {
		return { ok: true, models: await client.listModels(signal) };
	} catch (error) {
		return { ok: false, message: error instanceof ModelError ? modelErrorMessage(error, t) : String(error) };
	}
}
