import { APIConnectionTimeoutError } from "@anthropic-ai/sdk/core/error";
import { EmbeddingError, type EmbeddingErrorKind } from "../../core/model/embeddingClient";
import type { ModelErrorKind } from "../../core/model/modelClient";
import { serverFailure, type CorsProbe } from "../serverErrors";

/** How a request ended that threw: stopped by the caller, or by its own time limit. */
export interface FailureState {
	readonly aborted: boolean;
	readonly timedOut: boolean;
	readonly probe: CorsProbe;
}

/**
 * What a failed request to an embedding server means, read as the model client reads a compatible
 * server's failures (the same statuses, the same CORS probe, the same refused redirect), then
 * named in the embedding port's terms.
 */
export async function embeddingFailure(error: unknown, state: FailureState): Promise<EmbeddingError> {
	if (state.aborted) return new EmbeddingError("aborted", "The request was stopped.");
	if (state.timedOut || error instanceof APIConnectionTimeoutError) {
		return new EmbeddingError("timeout", "The embedding server did not answer in the time allowed.");
	}
	if (error instanceof EmbeddingError) return error;
	const failure = await serverFailure(error, { phase: "request", midAnswer: false }, state.probe, false);
	return new EmbeddingError(kindOf(failure.kind, failure.message), failure.message, failure.retryAfterMs);
}

/** How servers say they do not have the model: "model 'x' not found", "The model `x` does not exist", "no such model". */
const MODEL_MISSING = /model\b[\s\S]*\b(?:not found|does not exist|not loaded)|no such model/i;

function kindOf(kind: ModelErrorKind, message: string): EmbeddingErrorKind {
	switch (kind) {
		case "redirect":
		case "cors-refused":
		case "server-unreachable":
		case "aborted":
		case "invalid-key":
			return kind;
		case "offline":
			return "server-unreachable";
		case "permission":
			return "invalid-key";
		// A 404 that names no model is an address without this API: the other API was meant.
		case "unknown-model":
			return /model/i.test(message) ? "unknown-model" : "server";
		// A refusal of the request (400, 413, 422) is an answer without vectors, unless it says the
		// model is missing, as some servers do with a 400.
		case "bad-request":
			return MODEL_MISSING.test(message) ? "unknown-model" : "bad-answer";
		case "stream-cut":
			return "bad-answer";
		case "idle-timeout":
		case "time-limit":
			return "timeout";
		default:
			return "server";
	}
}
