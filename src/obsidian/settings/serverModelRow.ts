import type { Setting } from "obsidian";
import { runsOnThisMachine } from "../../core/model/modelServer";
import { t } from "../../i18n";
import type { SettingsStore } from "../settingsStore";
import type { ModelListing, ModelRowsState } from "./modelRowsState";

/** A model's name as a server knows it, for the empty field: a name, the same in every language. */
const MODEL_EXAMPLE = "qwen3:8b";

/**
 * The compatible server's model: a dropdown of the models the server lists, or, when it cannot
 * list them (it failed, or lists none), a field to type the name as the server knows it. The
 * choice is saved as it is made. Redrawn from the rows' one state; a listing under way leaves
 * the control as it is, so a field being typed in is not taken away mid-word.
 */
export function renderServerModel(setting: Setting, settingsStore: SettingsStore, rows: ModelRowsState): () => void {
	let drawn = false;
	const draw = () => {
		const listing = rows.listing;
		setting.setDesc(serverModelText(listing));
		warnWhenElsewhere(setting, settingsStore.settings.serverBaseUrl);
		if (listing.kind === "listing" && drawn) return;
		drawn = true;
		setting.controlEl.empty();
		const save = (model: string) => void settingsStore.updateSettings({ serverModel: model });
		const current = settingsStore.settings.serverModel;
		if (listing.kind === "listed" && listing.models.length > 0) {
			setting.addDropdown((dropdown) => {
				if (current === "") dropdown.addOption("", t("settings.server.model.choose"));
				else if (!listing.models.some((model) => model.id === current)) dropdown.addOption(current, current);
				for (const model of listing.models) dropdown.addOption(model.id, model.displayName || model.id);
				dropdown.setValue(current).onChange(save);
			});
			return;
		}
		setting.addText((text) =>
			text
				.setPlaceholder(MODEL_EXAMPLE)
				.setValue(current)
				.onChange((value) => save(value.trim())),
		);
	};
	draw();
	return rows.watch(draw);
}

/**
 * Local mode promises that nothing leaves the computer: a server at another address (a machine
 * on the network, a service online) breaks that promise, so the row says where the chat goes.
 */
function warnWhenElsewhere(setting: Setting, baseURL: string): void {
	if (runsOnThisMachine(baseURL)) return;
	let host = baseURL;
	try {
		host = new URL(baseURL).host;
	} catch {
		// An address the settings refused is never saved; the text is shown as it is.
	}
	setting.descEl.createDiv({ cls: "mod-warning", text: t("settings.server.elsewhere", { host }) });
}

function serverModelText(listing: ModelListing): string {
	switch (listing.kind) {
		case "listed":
			return listing.models.length === 0
				? t("settings.server.model.none")
				: t("settings.server.model.listed", { count: listing.models.length });
		case "listing":
			return t("settings.server.model.listing");
		case "failed":
		case "no-key":
			return t("settings.server.model.typed");
	}
}
