import type { ReceiptLog } from "../../core/audit/receiptLog";
import { hostOf, withProbeReceipts } from "../receiptingClient";
import { withEmbeddingReceipts } from "./receiptingEmbeddings";
import { ServerEmbeddingClient, type EmbeddingServer, type EmbeddingServerOptions } from "./serverEmbeddingClient";

export interface EmbeddingClientSettings extends EmbeddingServerOptions {
	/** Where each request's receipt is written: the host's, beside its audit trail. */
	readonly receipts: ReceiptLog;
}

/**
 * The embedding client for the server and API the settings name, receipted: built here, for every
 * server and every caller, so that no text leaves to be embedded without a receipt.
 */
export function createEmbeddingClient(settings: EmbeddingClientSettings): EmbeddingServer {
	const { receipts, answersOutsideCors } = settings;
	const client = new ServerEmbeddingClient({
		...settings,
		answersOutsideCors: answersOutsideCors && withProbeReceipts(answersOutsideCors, receipts),
	});
	return withEmbeddingReceipts(client, receipts, hostOf(settings.baseURL), settings.model);
}
