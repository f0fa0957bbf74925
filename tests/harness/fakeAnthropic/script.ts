/**
 * What the fake Messages API answers, one scripted response per `POST /v1/messages`, in order.
 * Builders keep tests short: `textReply("Hi")`, `toolUseReply("memory_search", {query})`,
 * `errorReply(529)`, and options to cut or slow a stream.
 */

export type ScriptedStopReason = "end_turn" | "tool_use" | "max_tokens" | "stop_sequence" | "refusal" | "pause_turn";

export type ScriptedBlock =
	| { readonly type: "text"; readonly text: string }
	| {
			readonly type: "tool_use";
			readonly id: string;
			readonly name: string;
			readonly input: unknown;
			/** The input JSON as streamed, when it is not `input`'s: a call cut by `max_tokens` streams half an object. */
			readonly inputJson?: string;
	  };

export interface ScriptedUsage {
	readonly input_tokens: number;
	readonly output_tokens: number;
	readonly cache_creation_input_tokens: number;
	readonly cache_read_input_tokens: number;
}

export interface StreamOptions {
	/** `null`: the stream gives no stop reason (a local server may leave it out). */
	readonly stopReason?: ScriptedStopReason | null;
	/** `null`: neither `message_start` nor `message_delta` carries a usage. */
	readonly usage?: Partial<ScriptedUsage> | null;
	/** The stream ends after `message_delta`, without `message_stop`. */
	readonly withoutMessageStop?: boolean;
	/** Nothing at all, not even the response's headers, for this long: the server loading the model into memory. */
	readonly loadingMs?: number;
	/** Characters per `text_delta` and per `input_json_delta` (default 4), so content arrives in pieces. */
	readonly chunkSize?: number;
	/** A slow stream: the wait before each event. */
	readonly delayMs?: number;
	/** Destroys the socket after this many events were written (a dropped connection). */
	readonly cutAfterEvents?: number;
	/** Writes nothing more after this many events, with the connection left open (a stalled stream), until the client hangs up. */
	readonly stallAfterEvents?: number;
	/** Sends the API's in-stream `error` event after this many events, and ends the response. */
	readonly errorAfterEvents?: { readonly events: number; readonly type: string; readonly message?: string };
	/** Sends an event of a type the API may add one day (`event: <type>`) after this many events, and goes on. */
	readonly unknownEventAfterEvents?: { readonly events: number; readonly type: string };
}

export interface ScriptedMessage extends StreamOptions {
	readonly kind: "message";
	readonly content: readonly ScriptedBlock[];
}

export interface ScriptedError {
	readonly kind: "error";
	readonly status: number;
	/** The API's error type; the usual one for `status` when absent. */
	readonly type?: string;
	readonly message?: string;
	/** Sent as the `retry-after` header, verbatim. */
	readonly retryAfter?: string;
	/** Nothing for this long before the error (a server that failed while loading the model). */
	readonly loadingMs?: number;
}

export type ScriptedResponse = ScriptedMessage | ScriptedError;

export function messageReply(content: readonly ScriptedBlock[], options: StreamOptions = {}): ScriptedMessage {
	return { kind: "message", content, ...options };
}

export function textReply(text: string, options: StreamOptions = {}): ScriptedMessage {
	return messageReply([{ type: "text", text }], options);
}

let toolUseCount = 0;

/** A tool call, after optional text; the id is unique in the test run unless given. */
export function toolUseReply(
	name: string,
	input: unknown,
	options: StreamOptions & { readonly id?: string; readonly textBefore?: string } = {},
): ScriptedMessage {
	const { id = `toolu_fake_${++toolUseCount}`, textBefore, ...stream } = options;
	const text: ScriptedBlock[] = textBefore === undefined ? [] : [{ type: "text", text: textBefore }];
	return messageReply([...text, { type: "tool_use", id, name, input }], stream);
}

export function errorReply(status: number, options: Omit<ScriptedError, "kind" | "status"> = {}): ScriptedError {
	return { kind: "error", status, ...options };
}

/** The error types the API sends with each status. */
export const ERROR_TYPES: Readonly<Record<number, string>> = {
	400: "invalid_request_error",
	401: "authentication_error",
	402: "billing_error",
	403: "permission_error",
	404: "not_found_error",
	413: "request_too_large",
	429: "rate_limit_error",
	500: "api_error",
	504: "timeout_error",
	529: "overloaded_error",
};
