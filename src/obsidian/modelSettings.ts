import { Notice, SecretComponent, type App, type Setting } from "obsidian";
import { t } from "../i18n";
import { DEFAULT_MODEL, OFFLINE_MODEL_ID } from "../llm";
import { formatList } from "./localeFormat";
import { pickedSecretName, type ApiKeyState } from "./settings/apiKeyState";
import type { ModelListing, ModelRowsState } from "./settings/modelRowsState";
import type { SettingsStore } from "./settingsStore";

/**
 * The "Model" rows of the settings tab: the API key, chosen from Obsidian's SecretStorage by
 * name (the key itself is never in `data.json`), the model, listed from the API with the key,
 * and a connection test. All three are drawn from one `ModelRowsState` and redrawn in place
 * when it changes; each returns what stops it watching.
 */

/** Obsidian's secret picker, and a line under it saying which key the assistant uses, if any. */
export function renderApiKey(
	setting: Setting,
	app: App,
	settingsStore: SettingsStore,
	rows: ModelRowsState,
): () => void {
	const status = setting.descEl.createDiv({ cls: "assistant-api-key-status", attr: { role: "status" } });
	let picker: SecretComponent | null = null;
	setting.addComponent((el) => {
		picker = new SecretComponent(app, el).setValue(pickedSecretName(rows.key)).onChange(async (name) => {
			await settingsStore.updateSettings({ apiKeySecret: name ?? "" });
			// The change is confirmed where the user is looking, and once in a notice, as adding a secret has no other sign.
			if (rows.key.kind === "ready") new Notice(t("settings.api-key.picked", { name: rows.key.name }));
		});
		return picker;
	});
	const draw = () => {
		status.setText(apiKeyStatus(rows.key));
		status.toggleClass("mod-warning", rows.key.kind === "missing" || rows.key.kind === "empty");
		picker?.setValue(pickedSecretName(rows.key));
	};
	draw();
	return rows.watch(draw);
}

function apiKeyStatus(key: ApiKeyState): string {
	switch (key.kind) {
		case "none":
			return t("settings.api-key.none");
		case "missing":
			return t("settings.api-key.missing", { name: key.name });
		case "empty":
			return t("settings.api-key.empty", { name: key.name });
		case "ready":
			return t("settings.api-key.ready", { name: key.name });
	}
}

/** The model dropdown: the saved choice, the default and offline at once, then what the API lists. */
export function renderModelChoice(setting: Setting, settingsStore: SettingsStore, rows: ModelRowsState): () => void {
	let draw = () => {};
	setting.addDropdown((dropdown) => {
		dropdown.onChange((value) => void settingsStore.updateSettings({ model: value }));
		draw = () => {
			const current = settingsStore.settings.model;
			const listing = rows.listing;
			const options = new Map<string, string>([
				[DEFAULT_MODEL, DEFAULT_MODEL],
				[current, current],
				[OFFLINE_MODEL_ID, t("model.offline-name")],
			]);
			if (listing.kind === "listed")
				for (const model of listing.models)
					options.set(model.id, model.displayName === "" ? model.id : model.displayName);
			dropdown.selectEl.empty();
			for (const [id, name] of options) dropdown.addOption(id, name);
			dropdown.setValue(current);
			setting.setDesc(modelListingText(listing));
		};
	});
	draw();
	return rows.watch(() => draw());
}

function modelListingText(listing: ModelListing): string {
	switch (listing.kind) {
		case "no-key":
			return t("settings.model.no-key");
		case "listing":
			return t("settings.model.listing");
		case "listed":
			return t("settings.model.listed", { count: listing.models.length });
		case "failed":
			return listing.message;
	}
}

/** "Test connection": asks the API again for the models the key may use and says what came back. */
export function renderConnectionTest(setting: Setting, rows: ModelRowsState): () => void {
	const initial = t("settings.connection.desc");
	let asked = false;
	let draw = () => {};
	setting.addButton((button) => {
		button.setButtonText(t("settings.connection.button")).onClick(() => {
			asked = true;
			void rows.refresh();
			draw();
		});
		draw = () => {
			const listing = rows.listing;
			button.setDisabled(listing.kind === "listing");
			if (asked) setting.setDesc(connectionText(listing));
			else setting.setDesc(initial);
		};
	});
	draw();
	return rows.watch(() => draw());
}

function connectionText(listing: ModelListing): string {
	switch (listing.kind) {
		case "no-key":
			return t("settings.connection.no-key");
		case "listing":
			return t("settings.connection.testing");
		case "listed":
			return t("settings.connection.ok", {
				count: listing.models.length,
				models: formatList(listing.models.slice(0, 3).map((model) => model.displayName || model.id)),
			});
		case "failed":
			return listing.message;
	}
}
