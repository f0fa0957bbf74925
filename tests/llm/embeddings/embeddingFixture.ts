import { EmbeddingError, type EmbeddingErrorKind } from "../../../src/core/model/embeddingClient";
import { createEmbeddingClient, type EmbeddingClientSettings } from "../../../src/llm/embeddings/createEmbeddingClient";
import type { EmbeddingApi } from "../../../src/llm/embeddings/embeddingApis";
import type { EmbeddingServer } from "../../../src/llm/embeddings/serverEmbeddingClient";
import { receiptsInMemory } from "../../harness/receipts";
import type { MemoryLogFile } from "../../../headless/inMemory/memoryLogFile";
import { realDelay } from "../modelFixture";

/**
 * The real client over the real SDK, as the factory makes it, pointed at `server` (the fake one,
 * or the embed server script) in `api`, its receipts in memory.
 */
export function embeddingClientFor(
	server: { readonly baseURL: string },
	api: EmbeddingApi,
	settings: Partial<EmbeddingClientSettings> = {},
): { client: EmbeddingServer; receiptFile: MemoryLogFile } {
	const { receipts, file } = receiptsInMemory();
	const client = createEmbeddingClient({
		api,
		baseURL: server.baseURL,
		model: "fake-embed",
		delay: realDelay,
		receipts,
		...settings,
	});
	return { client, receiptFile: file };
}

/** The failure `promise` rejects with, which must be an `EmbeddingError`. */
export async function embeddingFailureOf(promise: Promise<unknown>): Promise<EmbeddingError> {
	const outcome = await promise.then(
		(value) => ({ value }),
		(error: unknown) => ({ error }),
	);
	if (!("error" in outcome)) throw new Error(`Expected a failure, got ${JSON.stringify(outcome.value)}`);
	if (!(outcome.error instanceof EmbeddingError)) throw outcome.error;
	return outcome.error;
}

/** The kind of the failure `promise` rejects with. */
export async function kindOf(promise: Promise<unknown>): Promise<EmbeddingErrorKind> {
	return (await embeddingFailureOf(promise)).kind;
}
