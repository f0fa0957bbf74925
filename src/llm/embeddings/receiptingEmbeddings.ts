import type { ReceiptLog } from "../../core/audit/receiptLog";
import { withListingReceipts } from "../receiptingClient";
import { EMBEDDING_MAX_BATCH, type EmbeddingServer } from "./serverEmbeddingClient";

/**
 * `client` with a receipt for every request it makes, as a model request has one: where it went
 * (`to`, the server's host), the model, what sent it (notes embedded for search, or a search's
 * query), the notes the texts were cut from and how many texts, never the texts; a listing of the
 * models too. A request that failed or was stopped has left all the same and is receipted.
 */
export function withEmbeddingReceipts(
	client: EmbeddingServer,
	receipts: ReceiptLog,
	to: string,
	model: string,
): EmbeddingServer {
	return {
		modelId: client.modelId,
		embed: async (request) => {
			// An empty request reaches no server, and a larger batch than allowed is refused before it would.
			const count = request.texts.length;
			if (count === 0 || count > EMBEDDING_MAX_BATCH) return client.embed(request);
			let ended = false;
			try {
				const vectors = await client.embed(request);
				ended = true;
				return vectors;
			} finally {
				await receipts.record({
					kind: "model",
					to,
					model,
					feature: request.purpose === "query" ? "search" : "embedding",
					paths: [...new Set(request.notes ?? [])],
					inputTokens: 0,
					outputTokens: 0,
					texts: count,
					...(!ended && { failed: true }),
				});
			}
		},
		listModels: withListingReceipts((signal) => client.listModels(signal), receipts, to),
	};
}
