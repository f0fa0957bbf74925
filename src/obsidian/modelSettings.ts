import type { Setting } from "obsidian";
import { t } from "../i18n";
import { createModelClient, DEFAULT_MODEL, modelErrorMessage, OFFLINE_MODEL_ID } from "../llm";
import { ModelError } from "../core/agent/model";
import { windowDelay } from "./chat/chatPorts";
import type { WorkspaceController } from "./workspaceController";

/**
 * The "Model" rows of the settings tab: the API key, kept in Obsidian's SecretStorage (never
 * `data.json`), and the model, listed from the API with the key (which tests the connection).
 */

/** A password field over SecretStorage. */
export function renderApiKey(setting: Setting, controller: WorkspaceController): void {
	setting.addText((text) => {
		text.inputEl.type = "password";
		text.inputEl.autocomplete = "off";
		text.setPlaceholder(t("settings.api-key.placeholder"));
		text.setValue(controller.apiKey());
		text.onChange((value) => controller.setApiKey(value));
	});
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
		const key = controller.apiKey();
		if (key === "") {
			setting.setDesc(t("settings.model.no-key"));
			return;
		}
		setting.setDesc(t("settings.model.listing"));
		const client = createModelClient({ apiKey: key, baseURL, delay: windowDelay, translate: t });
		client
			.listModels(stop.signal)
			.then((models) => {
				if (stop.signal.aborted) return;
				for (const model of models) options.set(model.id, model.displayName === "" ? model.id : model.displayName);
				fill();
				setting.setDesc(t("settings.model.listed", { count: models.length }));
			})
			.catch((error: unknown) => {
				if (stop.signal.aborted) return;
				setting.setDesc(error instanceof ModelError ? modelErrorMessage(error, t) : String(error));
			});
	});
	return () => stop.abort();
}
