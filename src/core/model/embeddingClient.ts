/**
 * Search by meaning turns text into vectors with an embedding model the user runs (Ollama, LM
 * Studio, llama.cpp's server) or an endpoint the user chose. The core asks this port alone; which
 * API answers (Ollama's `/api/embed`, the OpenAI-compatible `/v1/embeddings`) is chosen at the edge.
 */

/** The two APIs servers embed text with: Ollama's own, and the OpenAI-compatible one most others speak. */
export const EMBEDDING_APIS = ["ollama", "openai"] as const;
export type EmbeddingApi = (typeof EMBEDDING_APIS)[number];

/**
 * What a text is embedded for: some models read a query and a passage with different
 * instructions, and the vectors of the two compare well only when each is made as its kind.
 */
export type EmbeddingPurpose = "document" | "query";

export interface EmbeddingRequest {
	readonly texts: readonly string[];
	readonly purpose: EmbeddingPurpose;
	readonly signal?: AbortSignal;
	/**
	 * The vault paths of the notes the texts were cut from, for the request's receipt, as a model
	 * request names the notes it carries; none for a query the user typed. Never sent.
	 */
	readonly notes?: readonly string[];
}

export interface EmbeddingClient {
	/**
	 * Names the vectors this client makes: the API, the server's address and the model. Vectors of
	 * two ids are never compared or stored under one another's name.
	 */
	readonly modelId: string;
	/**
	 * One vector per text, in the texts' order, all of one dimension, every value finite. Rejects
	 * with an `EmbeddingError` for anything else the server answers: nothing partial is returned.
	 */
	embed(request: EmbeddingRequest): Promise<Float32Array[]>;
}

/** Why embedding failed, as the status tells the user; search goes on by keyword meanwhile. */
export type EmbeddingErrorKind =
	/** Nothing answers at the address: the server is not running, or the address is wrong. */
	| "server-unreachable"
	/** The server refused the key, or asks for one. */
	| "invalid-key"
	/** The server does not have the model (not pulled, or misspelled). */
	| "unknown-model"
	/** The server answered, but not with one finite vector of the model's dimension per text. */
	| "bad-answer"
	/** The server failed (5xx), or asked to slow down. */
	| "server"
	/** No answer within the time allowed. */
	| "timeout"
	/** The server answered with a redirect, which was not followed: nothing was sent there. */
	| "redirect"
	/** The server answers, but refused this window's request (CORS). */
	| "cors-refused"
	| "aborted";

export class EmbeddingError extends Error {
	constructor(
		readonly kind: EmbeddingErrorKind,
		message: string,
		readonly retryAfterMs?: number,
	) {
		super(message);
		this.name = "EmbeddingError";
	}
}
