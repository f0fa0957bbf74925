/** The fake Anthropic Messages API the tests point the real SDK at (127.0.0.1 only). */
export { FakeAnthropic, DEFAULT_MODELS, type FakeModel, type RecordedRequest } from "./server";
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
