/**
 * Model clients behind the `ModelClient` port: Claude over the Anthropic SDK, a compatible
 * server (Ollama, LM Studio, llama.cpp ...) over the same SDK, and the offline model.
 */
export { AnthropicModelClient, MODEL_IDLE_TIMEOUT_MS, type AnthropicClientOptions } from "./anthropicClient";
export {
	CompatibleModelClient,
	LOADING_POLL_MS,
	SERVER_FIRST_EVENT_TIMEOUT_MS,
	WAITING_NOTICE_MS,
	type CompatibleClientOptions,
} from "./compatibleClient";
export { corsFix } from "./corsFix";
export { CORS_FIX_COMMANDS, PRESET_NAMES, serverRoot } from "../core/model/modelServer";
export { createModelClient, type ModelClientSettings } from "./createModelClient";
export { DEFAULT_MODEL } from "../core/model/defaultModel";
export { modelErrorMessage } from "./modelErrorMessage";
export { OFFLINE_MODEL_ID, OfflineModel } from "./offlineModel";
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retryPolicy";
export type { Translate } from "./translate";
