// The OpenTelemetry API as it behaves when no OpenTelemetry SDK is registered: a tracer whose
// spans record nothing, an empty context, a propagator that injects nothing. The plugin builds
// its client with tracing off and must never hand prompts (the user's notes) to a tracer or
// propagator that another plugin registered in the same window, so the global registry the real
// API reads is left out along with its 10 KB.
const ROOT_CONTEXT = Object.freeze({
	getValue: () => undefined,
	setValue: () => ROOT_CONTEXT,
	deleteValue: () => ROOT_CONTEXT,
});
const INVALID_SPAN_CONTEXT = Object.freeze({
	traceId: "00000000000000000000000000000000",
	spanId: "0000000000000000",
	traceFlags: 0,
});
const NON_RECORDING_SPAN = Object.freeze({
	spanContext: () => INVALID_SPAN_CONTEXT,
	setAttribute: () => NON_RECORDING_SPAN,
	setAttributes: () => NON_RECORDING_SPAN,
	addEvent: () => NON_RECORDING_SPAN,
	addLink: () => NON_RECORDING_SPAN,
	addLinks: () => NON_RECORDING_SPAN,
	setStatus: () => NON_RECORDING_SPAN,
	updateName: () => NON_RECORDING_SPAN,
	end: () => undefined,
	isRecording: () => false,
	recordException: () => undefined,
});
const TRACER = Object.freeze({
	startSpan: () => NON_RECORDING_SPAN,
	startActiveSpan: (_name, ...args) => args[args.length - 1](NON_RECORDING_SPAN),
});

export const context = Object.freeze({
	active: () => ROOT_CONTEXT,
	with: (_context, fn, thisArg, ...args) => fn.call(thisArg, ...args),
});

export const trace = Object.freeze({
	getTracerProvider: () => ({ getTracer: () => TRACER }),
	isSpanContextValid: () => false,
	setSpan: (ctx) => ctx,
	getSpan: () => undefined,
	getActiveSpan: () => undefined,
});

export const propagation = Object.freeze({
	fields: () => [],
	inject: () => undefined,
	extract: (ctx) => ctx,
});

export const SpanKind = Object.freeze({ INTERNAL: 0, SERVER: 1, CLIENT: 2, PRODUCER: 3, CONSUMER: 4 });
export const SpanStatusCode = Object.freeze({ UNSET: 0, OK: 1, ERROR: 2 });
