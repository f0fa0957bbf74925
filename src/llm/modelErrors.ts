import { APIConnectionError, APIError, APIUserAbortError } from "@anthropic-ai/sdk/core/error";
import { ModelError, type ModelErrorKind } from "../core/model/modelClient";
import { abortedError } from "./abortedError";

/** Where the failure happened: before the response began, or while its events were streaming. */
export type FailurePhase = "request" | "stream";

export interface FailureContext {
	readonly phase: FailurePhase;
	readonly signal?: AbortSignal;
	/** Whether part of the answer already reached the caller; it is kept, so this is a cut. */
	readonly midAnswer: boolean;
}

/** What went wrong, as a `ModelError` the user can act on. */
export function toModelError(error: unknown, context: FailureContext): ModelError {
	if (context.signal?.aborted === true || error instanceof APIUserAbortError) return abortedError();
	if (error instanceof ModelError) return error;
	if (context.midAnswer) return new ModelError("stream-cut", `The answer was cut off: ${messageOf(error)}`);
	if (error instanceof APIConnectionError) return new ModelError("offline", messageOf(error));
	if (isApiError(error)) return fromApiError(error);
	// Anything else thrown while reading the body is the connection dropping (`TypeError: terminated`).
	return new ModelError(context.phase === "stream" ? "stream-cut" : "offline", messageOf(error));
}

/** `instanceof` alone types a generic class's fields `any`; the guard gives them the SDK's declared types. */
function isApiError(error: unknown): error is APIError {
	return error instanceof APIError;
}

function fromApiError(error: APIError): ModelError {
	const kind = error.status === undefined ? kindOfStreamedError(error.type) : kindOfStatus(error.status);
	return new ModelError(kind, error.apiMessage ?? error.message, retryAfterMs(error.headers));
}

function kindOfStatus(status: number): ModelErrorKind {
	if (status === 401) return "invalid-key";
	if (status === 403) return "permission";
	if (status === 404) return "unknown-model";
	if (status === 429) return "rate-limit";
	if (status === 529) return "overloaded";
	if (status >= 500) return "server";
	return "bad-request";
}

/** An `error` event inside a stream has no status, only the API's error type. */
function kindOfStreamedError(type: string | null): ModelErrorKind {
	switch (type) {
		case "overloaded_error":
			return "overloaded";
		case "rate_limit_error":
			return "rate-limit";
		case "authentication_error":
			return "invalid-key";
		case "permission_error":
			return "permission";
		case "not_found_error":
			return "unknown-model";
		case "invalid_request_error":
		case "request_too_large":
			return "bad-request";
		default:
			return "server";
	}
}

/** `retry-after-ms`, else `retry-after` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
	const milliseconds = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
	if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
	const value = headers?.get("retry-after")?.trim();
	if (value === undefined || value === "") return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
