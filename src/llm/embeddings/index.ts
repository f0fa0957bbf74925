/**
 * Embedding clients behind the `EmbeddingClient` port: Ollama's `/api/embed` and the
 * OpenAI-compatible `/v1/embeddings`, over the SDK made for compatible servers, receipted.
 */
export { createEmbeddingClient, type EmbeddingClientSettings } from "./createEmbeddingClient";
export { EMBEDDING_APIS, type EmbeddingApi } from "./embeddingApis";
export {
	EMBEDDING_MAX_BATCH,
	EMBEDDING_TIMEOUT_MS,
	type EmbeddingServer,
	type EmbeddingServerOptions,
} from "./serverEmbeddingClient";
