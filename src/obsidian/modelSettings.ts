import { Notice, SecretComponent, type App, type Setting } from "obsidian";
import { t } from "../i18n";
import { CORS_FIX_COMMANDS } from "../core/model/modelServer";
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

/**
 * Obsidian's secret picker for a key (Anthropic's, or the compatible server's), and a line under
 * it saying which key the assistant uses, if any. Picking one is confirmed in a notice too, as
 * adding a secret has no other sign.
 */
export function renderKeyPicker(
	setting: Setting,
	app: App,
	settingsStore: SettingsStore,
	rows: ModelRowsState,
	field: "apiKeySecret" | "serverKeySecret",
): () => void {
	const key = () => (field === "apiKeySecret" ? rows.key : rows.serverKey);
	// A server's key picked from the secret of the Anthropic key is not sent (`SettingsStore.serverKey`): the row says so.
	const anthropicKey = () => field === "serverKeySecret" && key().kind === "ready" && settingsStore.serverKey() === "";
	const status = setting.descEl.createDiv({ cls: "assistant-api-key-status", attr: { role: "status" } });
	let picker: SecretComponent | null = null;
	setting.addComponent((el) => {
		picker = new SecretComponent(app, el).setValue(pickedSecretName(key())).onChange(async (name) => {
			await settingsStore.updateSettings({ [field]: name ?? "" });
			const picked = key();
			if (anthropicKey()) new Notice(t("settings.server.key.anthropic"));
			else if (picked.kind === "ready") new Notice(t("settings.api-key.picked", { name: picked.name }));
		});
		return picker;
	});
	const draw = () => {
		const state = key();
		// A server's key is optional: without one, the row's description says all there is to say.
		if (anthropicKey()) status.setText(t("settings.server.key.anthropic"));
		else status.setText(state.kind === "none" && field === "serverKeySecret" ? "" : apiKeyStatus(state));
		status.toggleClass("mod-warning", state.kind === "missing" || state.kind === "empty" || anthropicKey());
		picker?.setValue(pickedSecretName(state));
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

/**
 * "Test connection": asks the provider again for its models and says what came back: the models
 * found, or what failed; a server that refused Obsidian's window is told how to allow it, its
 * command ready to copy.
 */
export function renderConnectionTest(setting: Setting, settingsStore: SettingsStore, rows: ModelRowsState): () => void {
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
			// A server's failure to list its models is said here at once: the model row points here for why.
			const shown = asked || (rows.server && listing.kind === "failed");
			if (!shown) return void setting.setDesc(connectionDesc(rows.server));
			setting.setDesc(connectionText(listing, rows.server));
			const command = CORS_FIX_COMMANDS[settingsStore.settings.serverPreset];
			if (listing.kind === "failed" && listing.error?.kind === "cors-refused" && command !== undefined)
				showCommand(setting.descEl, listing.message, command);
		};
	});
	draw();
	return rows.watch(() => draw());
}

/** What the connection test does, before it is pressed. */
export function connectionDesc(server: boolean): string {
	return server ? t("settings.server.connection.desc") : t("settings.connection.desc");
}

function connectionText(listing: ModelListing, server: boolean): string {
	switch (listing.kind) {
		case "no-key":
			return t("settings.connection.no-key");
		case "listing":
			return t("settings.connection.testing");
		case "listed":
			if (server && listing.models.length === 0) return t("settings.server.model.none");
			return t("settings.connection.ok", {
				count: listing.models.length,
				models: formatList(listing.models.slice(0, 3).map((model) => model.displayName || model.id)),
			});
		case "failed":
			return listing.message;
	}
}

/**
 * The message again, its command (the one that lets Obsidian's window call the server) drawn as
 * code with a button that copies it: the command is typed in a terminal exactly as it is.
 */
function showCommand(parent: HTMLElement, message: string, command: string): void {
	const at = message.indexOf(command);
	parent.empty();
	parent.appendText(at < 0 ? message : message.slice(0, at).trimEnd());
	const line = parent.createDiv({ cls: "assistant-cors-fix" });
	line.createEl("code", { text: command });
	const copy = line.createEl("button", { cls: "assistant-cors-fix-copy", text: t("settings.server.copy") });
	copy.addEventListener("click", () => {
		void navigator.clipboard.writeText(command).then(() => new Notice(t("settings.server.copied")));
	});
	const after = at < 0 ? "" : message.slice(at + command.length).trim();
	if (after !== "") parent.createDiv({ text: after });
}
