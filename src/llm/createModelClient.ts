import type { ReceiptLog } from "../core/audit/receiptLog";
import type { ModelClient } from "../core/model/modelClient";
import type { CompatibleServer } from "../core/model/modelServer";
import type { TaskScheduler } from "../core/ports";
import { AnthropicModelClient } from "./anthropicClient";
import { CompatibleModelClient } from "./compatibleClient";
import { OfflineModel } from "./offlineModel";
import { refusingUntilPrivacyChecked } from "./privacyGate";
import { hostOf, withProbeReceipts, withReceipts } from "./receiptingClient";
import { ANTHROPIC_BASE_URL } from "./sdkClient";
import type { Translate } from "./translate";

export interface ModelClientSettings {
	/** From SecretStorage (or `ANTHROPIC_API_KEY` on the command line); empty or absent means offline. */
	readonly apiKey: string | undefined;
	readonly baseURL?: string;
	/**
	 * A compatible server (Ollama, LM Studio, llama.cpp ...) in place of Anthropic: requests go
	 * to it alone, with its own key or none, and `apiKey` and `baseURL` are not used.
	 */
	readonly server?: CompatibleServer;
	/**
	 * Whether the server answers at `url` when asked outside the window's CORS rules (Obsidian's
	 * `requestUrl`): tells a server that refused the window's origin from one that is not running.
	 * Absent where there is no CORS (Node).
	 */
	readonly answersOutsideCors?: (url: string) => Promise<boolean>;
	/** Forces the offline model even with a key (`--offline`). */
	readonly offline?: boolean;
	/** The privacy settings could not be read and the user has not checked them: every request is refused (`state.privacyReviewNeeded`). */
	readonly privacyReviewNeeded?: boolean;
	readonly delay: TaskScheduler["delay"];
	readonly translate: Translate;
	/** How long a stream may send nothing before it is given up on; `MODEL_IDLE_TIMEOUT_MS` when absent. */
	readonly idleTimeoutMs?: number;
	/** Where each request's receipt is written: the host's, beside its audit trail. */
	readonly receipts: ReceiptLog;
}

/**
 * The user's own server when one is set, Claude when there is a key, the offline model otherwise:
 * the plugin never needs a key to work. Each refuses every request while the privacy settings
 * await the user's review, and leaves a receipt of every request it makes: built here, for every
 * host and every feature, so that no request leaves without one.
 */
export function createModelClient(settings: ModelClientSettings): ModelClient {
	const address = settings.server?.baseURL ?? settings.baseURL ?? ANTHROPIC_BASE_URL;
	const client = withReceipts(modelOf(settings), settings.receipts, hostOf(address));
	return settings.privacyReviewNeeded === true ? refusingUntilPrivacyChecked(client) : client;
}

function modelOf(settings: ModelClientSettings): ModelClient {
	if (settings.offline === true) return new OfflineModel(settings.translate);
	if (settings.server !== undefined) {
		return new CompatibleModelClient({
			server: settings.server,
			answersOutsideCors:
				settings.answersOutsideCors && withProbeReceipts(settings.answersOutsideCors, settings.receipts),
			delay: settings.delay,
			idleTimeoutMs: settings.idleTimeoutMs,
		});
	}
	const apiKey = settings.apiKey?.trim() ?? "";
	if (apiKey === "") return new OfflineModel(settings.translate);
	return new AnthropicModelClient({
		apiKey,
		baseURL: settings.baseURL,
		delay: settings.delay,
		idleTimeoutMs: settings.idleTimeoutMs,
	});
}
