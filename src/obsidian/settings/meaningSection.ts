import { Notice, SecretComponent, type Setting } from "obsidian";
import { serverBaseUrl } from "../../core/workspace/data/serverUrl";
import { t } from "../../i18n";
import { embeddingChoice } from "../embeddingModel";
import { hostOf } from "../../llm/receiptingClient";
import { meaningStateText } from "../retrieval/meaningStatusText";
import type { SettingsContext, SettingsSection } from "./settingsContext";

/**
 * Search by meaning: off, with the user's own embedding server, or with an endpoint the user
 * chose (perhaps a cloud service, which the rows then name as where passages go); its API,
 * address, model and, for an endpoint, key; and how it stands, kept current while the tab is open.
 */
export function meaningSection(context: SettingsContext): SettingsSection {
	const { settingsStore, indexer } = context;
	const mode = () => settingsStore.settings.meaningSearch;
	const on = () => mode() !== "off";
	const endpoint = () => mode() === "endpoint";
	return {
		type: "group",
		heading: t("settings.meaning.heading"),
		items: [
			{
				name: t("settings.meaning.mode.name"),
				desc: t("settings.meaning.mode.desc"),
				aliases: ["embeddings", "semantic search", "Ollama", "bge-m3"],
				control: {
					type: "dropdown",
					key: "meaningSearch",
					options: {
						off: t("settings.meaning.mode.off"),
						server: t("settings.meaning.mode.server"),
						endpoint: t("settings.meaning.mode.endpoint"),
					},
				},
			},
			{
				name: t("settings.meaning.api.name"),
				desc: t("settings.meaning.api.desc"),
				visible: on,
				control: {
					type: "dropdown",
					key: "embeddingApi",
					// Names of the APIs, the same in every language.
					options: { ollama: "Ollama (/api/embed)", openai: "OpenAI-compatible (/v1/embeddings)" },
				},
			},
			{
				name: t("settings.meaning.url.name"),
				desc: endpoint()
					? t("settings.meaning.url.endpoint-desc")
					: t("settings.meaning.url.server-desc", { url: settingsStore.settings.serverBaseUrl }),
				visible: on,
				control: {
					type: "text",
					key: "embeddingBaseUrl",
					placeholder: endpoint() ? "https://" : settingsStore.settings.serverBaseUrl,
					validate: embeddingUrlProblem,
				},
			},
			{
				name: t("settings.meaning.model.name"),
				desc: t("settings.meaning.model.desc"),
				visible: on,
				control: { type: "text", key: "embeddingModel", placeholder: "bge-m3" },
			},
			{
				name: t("settings.meaning.key.name"),
				desc: t("settings.meaning.key.desc"),
				visible: endpoint,
				render: (setting) => keyPicker(setting, context),
			},
			{
				name: t("settings.meaning.status.name"),
				searchable: false,
				visible: on,
				render: (setting) => {
					const describe = () => void setting.setDesc(statusText(context));
					describe();
					return indexer.meaning.onState(describe);
				},
			},
		],
	};
}

/** How search by meaning stands, or what keeps it from starting; for an endpoint, where passages go. */
function statusText(context: SettingsContext): string {
	const { settingsStore, indexer } = context;
	const choice = embeddingChoice(settingsStore);
	if ("problem" in choice) {
		if (choice.problem === "not-own-network")
			return t("settings.meaning.problem.not-own-network", { url: settingsStore.settings.embeddingBaseUrl });
		return choice.problem === "off" ? "" : t(`settings.meaning.problem.${choice.problem}`);
	}
	const state = meaningStateText(indexer.meaning.currentState());
	if (settingsStore.settings.meaningSearch !== "endpoint") return state;
	return `${state} ${t("settings.meaning.endpoint.sent", { host: hostOf(choice.baseURL) })}`;
}

/** What is wrong with a typed address, said in place; empty is allowed (the model server's address). */
function embeddingUrlProblem(value: unknown): string | undefined {
	const text = typeof value === "string" ? value.trim() : "";
	if (text === "" || serverBaseUrl(text) !== null) return undefined;
	return t("settings.server.url.invalid", { value: text, example: "http://localhost:11434" });
}

/** The endpoint's key, picked by name from Obsidian's SecretStorage (the key itself never reaches `data.json`). */
function keyPicker(setting: Setting, context: SettingsContext): void {
	const { app, settingsStore } = context;
	setting.addComponent((el) =>
		new SecretComponent(app, el).setValue(settingsStore.settings.embeddingKeySecret).onChange(async (name) => {
			await settingsStore.updateSettings({ embeddingKeySecret: name ?? "" });
			if (name && settingsStore.embeddingKey() === "") new Notice(t("settings.meaning.key.refused"));
		}),
	);
}
