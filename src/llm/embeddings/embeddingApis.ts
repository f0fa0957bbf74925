import type { EmbeddingApi } from "../../core/model/embeddingClient";
import type { ServerPreset } from "../../core/model/modelServer";
import { ollamaVectors, openAiVectors, type VectorsOf } from "./embeddingAnswer";

export { EMBEDDING_APIS, type EmbeddingApi } from "../../core/model/embeddingClient";

/** Where an API takes texts to embed, how it lists its models, and where its answer holds the vectors. */
export interface EmbeddingApiShape {
	/** Posted `{model, input: [texts]}`: both APIs take the same body. */
	readonly path: string;
	/** The preset whose model list endpoints the server answers first (`listServerModels`). */
	readonly listedAs: ServerPreset;
	readonly vectorsOf: VectorsOf;
}

export const EMBEDDING_API_SHAPES: Readonly<Record<EmbeddingApi, EmbeddingApiShape>> = {
	// `POST /api/embed` (Ollama 0.3 and later) → `{model, embeddings: [[...], ...]}`.
	ollama: { path: "/api/embed", listedAs: "ollama", vectorsOf: ollamaVectors },
	// `POST /v1/embeddings` (LM Studio, llama.cpp's server with `--embeddings`, vLLM, cloud endpoints)
	// → `{object: "list", data: [{object: "embedding", index, embedding: [...]}, ...]}`.
	openai: { path: "/v1/embeddings", listedAs: "custom", vectorsOf: openAiVectors },
};
