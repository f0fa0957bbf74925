/** The fake Messages API (Anthropic's, or a local server's) the tests point the real SDK at (127.0.0.1 only). */
export { FakeAnthropic, DEFAULT_MODELS, type FakeModel, type FakeServerOptions, type RecordedRequest } from "./server";
export { OLLAMA_CORS_HEADERS } from "../../../scripts/lib/ollamaCors";
export {
	OLLAMA_DEFAULT_ORIGINS,
	PROFILES,
	type ServerProfile,
	type ServerProfileName,
	type WireStyle,
} from "./profiles";
export { useFakeAnthropic } from "./jest";
export {
	errorReply,
	messageReply,
	textReply,
	toolUseReply,
	type ScriptedBlock,
	type ScriptedError,
	type ScriptedMessage,
	type ScriptedResponse,
	type StreamOptions,
} from "./script";
export { formatSse, messageEvents, type SseEvent } from "./sse";
