// The SDK's OpenTelemetry tracing for a client built with `openTelemetry: false`, as the plugin
// builds it (prompts hold the user's notes, which no tracer may see): the client then has no
// tracer, every SDK method starts no call span, and every step below is what the SDK's own
// functions do without a span. A client built any other way is refused here, at construction,
// rather than run with tracing silently missing.
import { AnthropicError } from "@anthropic-ai/sdk/core/error";

const DEFAULT_MAX_CONTENT_BYTES = 750000;

/** `false`, or the settled option a `withOptions()` copy of such a client passes on, as the SDK settles it. */
export function resolveOpenTelemetryOptions(option) {
	const traces = option === false ? false : option?.traces;
	if (traces !== false && traces?.enabled !== false) {
		throw new AnthropicError(
			"Assistant Workspace builds its client with openTelemetry: false: the SDK's tracing is not bundled.",
		);
	}
	return Object.freeze({
		tracerProvider: undefined,
		propagation: option === false ? true : (option.propagation ?? true),
		traces: Object.freeze({ enabled: false, contentMode: "metadata_only", maxContentBytes: DEFAULT_MAX_CONTENT_BYTES }),
	});
}

export function getTracer() {
	return undefined;
}

export function guardTracing(_client, step) {
	try {
		return step();
	} catch {
		return undefined;
	}
}

/** A method's call span: only one passed down by a helper, and no helper of the plugin passes one. */
export function startApiCallSpan(_client, _name, options) {
	return options?.__span;
}

export function injectTraceHeaders(_span, headers) {
	return headers;
}

export function recordAttempt() {}

export function endApiCallSpan() {}

export function setCreatedIDAttribute() {}

// Beta helpers (tool runners) import this too; the plugin never reaches them, and the bundle
// leaves them out. Should one be reached, it fails rather than pretend to trace.
export function setErrorStatus() {
	throw new AnthropicError("The SDK's beta tool runner is not bundled with Assistant Workspace.");
}
