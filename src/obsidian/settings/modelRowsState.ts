import type { App } from "obsidian";
import { ModelError, type ModelInfo } from "../../core/model/modelClient";
import { DEFAULT_API_KEY_SECRET, type Settings } from "../../core/workspace/data/settings";
import { t } from "../../i18n";
import { modelErrorMessage } from "../../llm";
import { compatibleServer, obsidianModel, windowDelay, type ChatEndpoint } from "../obsidianModel";
import type { SettingsStore } from "../settingsStore";
import { apiKeyState, type ApiKeyState } from "./apiKeyState";

/**
 * The models the chosen provider offers: not asked (Anthropic without a key), being asked, the
 * answer, or why there is none (`error` says what failed, when a model call did).
 */
export type ModelListing =
	| { readonly kind: "no-key" }
	| { readonly kind: "listing" }
	| { readonly kind: "listed"; readonly models: readonly ModelInfo[] }
	| { readonly kind: "failed"; readonly message: string; readonly error: ModelError | null };

/** The settings whose change lists the models again: who answers, where, and with which key. */
const LISTED_BY: readonly (keyof Settings)[] = [
	"apiKeySecret",
	"modelProvider",
	"serverPreset",
	"serverBaseUrl",
	"serverKeySecret",
];

/**
 * How long the base URL must rest before the server is asked again: a URL typed one character
 * at a time is a request to each host on the way (`http://l` ...), which a person never meant.
 */
const LIST_AFTER_TYPING_MS = 700;

/**
 * The one state the model rows are drawn from: the Anthropic key as the settings and the
 * device's secret storage have it, and the models the chosen provider offers (Anthropic with the
 * key, or the compatible server). A change of who answers, of the key or the server's address,
 * and a connection test all list the models again, and every row shown redraws from the result,
 * so none of them says something the others contradict.
 */
export class ModelRowsState {
	private keyNow: ApiKeyState;
	private serverKeyNow: ApiKeyState;
	private listingNow: ModelListing = { kind: "no-key" };
	private readonly listeners = new Set<() => void>();
	private stopWatching: (() => void) | null = null;
	private running: AbortController | null = null;
	private cancelWait: (() => void) | null = null;

	constructor(
		private readonly app: App,
		private readonly settingsStore: SettingsStore,
		private readonly endpoint: ChatEndpoint,
	) {
		this.keyNow = this.readKey("apiKeySecret");
		this.serverKeyNow = this.readKey("serverKeySecret");
	}

	/** The Anthropic key. */
	get key(): ApiKeyState {
		return this.keyNow;
	}

	/** The compatible server's key, which most servers do without. */
	get serverKey(): ApiKeyState {
		return this.serverKeyNow;
	}

	get listing(): ModelListing {
		return this.listingNow;
	}

	/** Whether a compatible server answers, rather than Anthropic. */
	get server(): boolean {
		return this.settingsStore.settings.modelProvider === "compatible";
	}

	/**
	 * Calls `changed` after each change while a row shows this state; returns what stops it. The
	 * first row shown lists the models; when the last one goes, a listing under way is dropped.
	 */
	watch(changed: () => void): () => void {
		this.listeners.add(changed);
		if (this.listeners.size === 1) {
			this.stopWatching = this.settingsStore.onChange((fields) => {
				if (fields.settings.includes("serverBaseUrl")) this.refreshAfterTyping();
				else if (fields.settings.some((field) => LISTED_BY.includes(field))) void this.refresh();
			});
			void this.refresh();
		}
		return () => {
			this.listeners.delete(changed);
			if (this.listeners.size > 0) return;
			this.stopWatching?.();
			this.stopWatching = null;
			this.cancelWait?.();
			this.cancelWait = null;
			this.running?.abort();
			this.running = null;
		};
	}

	/** Reads the key again and asks the provider which models it offers (Anthropic only with a key). */
	async refresh(): Promise<ModelListing> {
		this.cancelWait?.();
		this.cancelWait = null;
		this.running?.abort();
		this.running = null;
		this.keyNow = this.readKey("apiKeySecret");
		this.serverKeyNow = this.readKey("serverKeySecret");
		if (!this.server && this.keyNow.kind !== "ready") return this.settle({ kind: "no-key" }, null);
		const running = new AbortController();
		this.running = running;
		this.settle({ kind: "listing" }, running);
		const client = obsidianModel(this.settingsStore, this.endpoint, "list");
		try {
			return this.settle({ kind: "listed", models: await client.listModels(running.signal) }, running);
		} catch (error) {
			return this.settle(this.failure(error), running);
		}
	}

	/** Lists the models once the base URL has rested; the rows say a listing is coming meanwhile. */
	private refreshAfterTyping(): void {
		this.cancelWait?.();
		this.running?.abort();
		this.running = null;
		this.settle({ kind: "listing" }, null);
		this.cancelWait = windowDelay(() => {
			this.cancelWait = null;
			void this.refresh();
		}, LIST_AFTER_TYPING_MS);
	}

	private failure(error: unknown): ModelListing {
		if (!(error instanceof ModelError)) return { kind: "failed", message: String(error), error: null };
		const server = this.server ? compatibleServer(this.settingsStore) : undefined;
		return { kind: "failed", message: modelErrorMessage(error, t, server), error };
	}

	/** Keeps `listing` unless a newer refresh has started since (its answer is the one that counts). */
	private settle(listing: ModelListing, by: AbortController | null): ModelListing {
		if (by !== null && this.running !== by) return this.listingNow;
		this.listingNow = listing;
		for (const listener of this.listeners) listener();
		return listing;
	}

	private readKey(field: "apiKeySecret" | "serverKeySecret"): ApiKeyState {
		const name = this.settingsStore.settings[field];
		const stored = name === "" ? null : this.app.secretStorage.getSecret(name);
		return apiKeyState(name, stored, field === "apiKeySecret" ? DEFAULT_API_KEY_SECRET : "");
	}
}
