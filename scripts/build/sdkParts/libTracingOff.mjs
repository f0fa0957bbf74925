import { AnthropicError } from "@anthropic-ai/sdk/core/error";

// The SDK's helpers that record requests, responses and streamed content on a call span, for a
// client that never starts one (see tracingOff.mjs): each does what the SDK's own does without a span.
export function messagesCreateSpanSettings() {
	return undefined;
}

export function recordMessagesCreateRequest(_client, call) {
	return call;
}

export function recordMessagesCreateResponse() {}

export function endAnthropicApiCallSpanWhenStreamEnds() {}

/** Only called for a request with a call span. */
export function takeTraceHeaders() {
	return [];
}

export function withoutTraceHeaders(middleware) {
	return middleware;
}

// Imported by beta helpers (environments, tool runners, the beta message stream, sessions) that
// the plugin never reaches and the bundle leaves out. Should one be reached, it fails rather
// than pretend to trace.
function notBundled() {
	throw new AnthropicError("This beta helper of the SDK is not bundled with Assistant Workspace.");
}

export {
	notBundled as endEnvironmentWorkSpan,
	notBundled as failEnvironmentWorkSpan,
	notBundled as recordStreamedMessageContent,
	notBundled as sessionsCreateSpanAttributes,
	notBundled as startEnvironmentWorkSpan,
	notBundled as startToolRunnerSpan,
	notBundled as withEnvironmentWorkSpan,
	notBundled as withToolUseSpan,
};
