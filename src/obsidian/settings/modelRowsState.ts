import type { App } from "obsidian";
import { ModelError, type ModelInfo } from "../../core/model/modelClient";
import { DEFAULT_API_KEY_SECRET } from "../../core/workspace/data/settings";
import { t } from "../../i18n";
import { createModelClient, modelErrorMessage } from "../../llm";
import { windowDelay } from "../turnPorts";
import type { SettingsStore } from "../settingsStore";
import { apiKeyState, type ApiKeyState } from "./apiKeyState";

/** The models the key may use: not asked (no key), being asked, the answer, or why there is none. */
export type ModelListing =
	| { readonly kind: "no-key" }
	| { readonly kind: "listing" }
	| { readonly kind: "listed"; readonly models: readonly ModelInfo[] }
	| { readonly kind: "failed"; readonly message: string };

/**
 * The one state the API key, model and connection rows are drawn from: the key as the settings
 * and the device's secret storage have it, and the models it may use. A change of the key (a
 * secret picked or added) and a connection test both list the models again, and every row
 * shown redraws from the result, so none of them says something the others contradict.
 */
export class ModelRowsState {
	private keyNow: ApiKeyState;
	private listingNow: ModelListing = { kind: "no-key" };
	private readonly listeners = new Set<() => void>();
	private stopWatching: (() => void) | null = null;
	private running: AbortController | null = null;

	constructor(
		private readonly app: App,
		private readonly settingsStore: SettingsStore,
		private readonly baseURL: string | undefined,
	) {
		this.keyNow = this.readKey();
	}

	get key(): ApiKeyState {
		return this.keyNow;
	}

	get listing(): ModelListing {
		return this.listingNow;
	}

	/**
	 * Calls `changed` after each change while a row shows this state; returns what stops it. The
	 * first row shown lists the models; when the last one goes, a listing under way is dropped.
	 */
	watch(changed: () => void): () => void {
		this.listeners.add(changed);
		if (this.listeners.size === 1) {
			this.stopWatching = this.settingsStore.onChange((fields) => {
				if (fields.settings.includes("apiKeySecret")) void this.refresh();
			});
			void this.refresh();
		}
		return () => {
			this.listeners.delete(changed);
			if (this.listeners.size > 0) return;
			this.stopWatching?.();
			this.stopWatching = null;
			this.running?.abort();
			this.running = null;
		};
	}

	/** Reads the key again and, when there is one, asks the API which models it may use. */
	async refresh(): Promise<ModelListing> {
		this.running?.abort();
		this.running = null;
		this.keyNow = this.readKey();
		const key = this.keyNow;
		if (key.kind !== "ready") return this.settle({ kind: "no-key" }, null);
		const running = new AbortController();
		this.running = running;
		this.settle({ kind: "listing" }, running);
		const client = createModelClient({ apiKey: key.key, baseURL: this.baseURL, delay: windowDelay, translate: t });
		try {
			return this.settle({ kind: "listed", models: await client.listModels(running.signal) }, running);
		} catch (error) {
			return this.settle(
				{ kind: "failed", message: error instanceof ModelError ? modelErrorMessage(error, t) : String(error) },
				running,
			);
		}
	}

	/** Keeps `listing` unless a newer refresh has started since (its answer is the one that counts). */
	private settle(listing: ModelListing, by: AbortController | null): ModelListing {
		if (by !== null && this.running !== by) return this.listingNow;
		this.listingNow = listing;
		for (const listener of this.listeners) listener();
		return listing;
	}

	private readKey(): ApiKeyState {
		const name = this.settingsStore.settings.apiKeySecret;
		return apiKeyState(name, name === "" ? null : this.app.secretStorage.getSecret(name), DEFAULT_API_KEY_SECRET);
	}
}
