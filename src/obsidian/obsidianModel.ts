import { requestUrl } from "obsidian";
import type { ModelClient } from "../core/model/modelClient";
import type { CompatibleServer } from "../core/model/modelServer";
import type { TaskScheduler } from "../core/ports";
import { t } from "../i18n";
import { createModelClient, OFFLINE_MODEL_ID } from "../llm";
import { windowScheduler } from "./retrieval/windowScheduler";
import type { SettingsStore } from "./settingsStore";

/** The window's timers, for the model client's retry waits and the tools' timeout. */
export const windowDelay: TaskScheduler["delay"] = (callback, ms) => windowScheduler.delay(callback, ms);

/** Where the chat's requests go, and how long a silent stream is waited on; a test points it at its fake server and shortens the wait. */
export interface ChatEndpoint {
	/** Anthropic's address; a compatible server's is in the settings. */
	readonly baseURL?: string;
	/** `MODEL_IDLE_TIMEOUT_MS` when absent. */
	readonly idleTimeoutMs?: number;
}

/**
 * The model as the settings choose it now, for a turn and for the settings' model list alike:
 * Claude with the key from SecretStorage (offline without one), or the compatible server at its
 * base URL with its own key, if any. Every model of the plugin is built here. `use: "list"`
 * lists what the key could use even while the offline model is chosen.
 */
export function obsidianModel(
	settingsStore: SettingsStore,
	endpoint: ChatEndpoint,
	use: "answer" | "list" = "answer",
): ModelClient {
	const settings = settingsStore.settings;
	const common = {
		privacyReviewNeeded: settingsStore.state.privacyReviewNeeded,
		delay: windowDelay,
		translate: t,
		idleTimeoutMs: endpoint.idleTimeoutMs,
		receipts: settingsStore.receipts,
	};
	if (settings.modelProvider === "compatible")
		return createModelClient({
			...common,
			apiKey: undefined,
			server: compatibleServer(settingsStore),
			answersOutsideCors,
		});
	return createModelClient({
		...common,
		apiKey: settingsStore.apiKey(),
		baseURL: endpoint.baseURL,
		offline: use === "answer" && settings.model === OFFLINE_MODEL_ID,
	});
}

/** The compatible server as the settings name it, its key read from SecretStorage. */
export function compatibleServer(settingsStore: SettingsStore): CompatibleServer {
	const { serverPreset, serverBaseUrl } = settingsStore.settings;
	const apiKey = settingsStore.serverKey();
	return { preset: serverPreset, baseURL: serverBaseUrl, ...(apiKey === "" ? {} : { apiKey }) };
}

/** The compatible server the settings choose, when one answers rather than Anthropic: its failures are told in its name. */
export function serverInUse(settingsStore: SettingsStore): CompatibleServer | undefined {
	return settingsStore.settings.modelProvider === "compatible" ? compatibleServer(settingsStore) : undefined;
}

/**
 * Whether anything answers at `url` when asked from Obsidian's main process, which the window's
 * CORS rules do not bind: any HTTP answer, an error status too, means a server runs there. The
 * model client asks this when the window's own request failed, to tell a server that refused
 * Obsidian's origin from one that is not running.
 */
export async function answersOutsideCors(url: string): Promise<boolean> {
	try {
		await requestUrl({ url, method: "GET", throw: false });
		return true;
	} catch {
		return false;
	}
}
