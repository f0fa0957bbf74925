/** Model clients behind the `ModelClient` port: Claude over the Anthropic SDK, and the offline model. */
export { AnthropicModelClient, type AnthropicClientOptions } from "./anthropicClient";
export { createModelClient, type ModelClientSettings } from "./createModelClient";
export { DEFAULT_MODEL } from "../core/model/defaultModel";
export { modelErrorMessage } from "./modelErrorMessage";
export { OFFLINE_MODEL_ID, OfflineModel } from "./offlineModel";
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retryPolicy";
export type { Translate } from "./translate";
