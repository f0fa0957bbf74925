import type { EmbeddingClient } from "../core/model/embeddingClient";
import { isOwnNetworkAddress } from "../core/model/ownNetwork";
import { createEmbeddingClient } from "../llm/embeddings";
import { answersOutsideCors, windowDelay } from "./obsidianModel";
import type { SettingsStore } from "./settingsStore";

/** Why search by meaning has no model to embed with, as the settings tell it. */
export type EmbeddingProblem =
	| "off"
	/** No model named yet. */
	| "no-model"
	/** "Another endpoint" without its address. */
	| "no-address"
	/** "Your own server" at an address elsewhere on the internet: a cloud service is chosen as such. */
	| "not-own-network"
	/** The privacy settings could not be recovered: nothing is sent under rules no one checked. */
	| "privacy-unconfirmed";

export type EmbeddingChoice =
	{ readonly client: EmbeddingClient; readonly baseURL: string } | { readonly problem: EmbeddingProblem };

/**
 * The embedding model as the settings choose it now, receipted, its key read from SecretStorage;
 * or why there is none. Every embedding client of the plugin is built here.
 */
export function embeddingChoice(settingsStore: SettingsStore): EmbeddingChoice {
	const settings = settingsStore.settings;
	if (settings.meaningSearch === "off") return { problem: "off" };
	if (settingsStore.state.privacyReviewNeeded) return { problem: "privacy-unconfirmed" };
	if (settings.embeddingModel === "") return { problem: "no-model" };
	const own = settings.meaningSearch === "server";
	const baseURL = settings.embeddingBaseUrl !== "" ? settings.embeddingBaseUrl : own ? settings.serverBaseUrl : "";
	if (baseURL === "") return { problem: "no-address" };
	if (own && !isOwnNetworkAddress(baseURL)) return { problem: "not-own-network" };
	const apiKey = own ? "" : settingsStore.embeddingKey();
	const client = createEmbeddingClient({
		api: settings.embeddingApi,
		baseURL,
		model: settings.embeddingModel,
		...(apiKey === "" ? {} : { apiKey }),
		delay: windowDelay,
		answersOutsideCors,
		receipts: settingsStore.receipts,
	});
	return { client, baseURL };
}
