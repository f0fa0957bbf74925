/** The fake embedding server (Ollama's API and the OpenAI-compatible one) the tests point the real SDK at (127.0.0.1 only). */
export {
	FAKE_DIMENSION,
	FAKE_EMBEDDING_MODELS,
	FakeEmbeddings,
	type EmbeddingServerRequest,
	type Misbehaviour,
} from "./server";
export { useFakeEmbeddings } from "./jest";
export { cosine, fakeVector } from "./vectors";
