import type { ReceiptLog } from "../core/audit/receiptLog";
import { carriedPaths } from "../core/model/carriedPaths";
import type { ModelClient, ModelEvent, ModelRequest, Usage } from "../core/model/modelClient";

/**
 * `client` with a receipt for every request it makes: where it went (`to`, the server's host),
 * the model, what sent it, the notes and files it carried and its tokens, once it has ended. The
 * offline model sends nothing and is returned as it is.
 */
export function withReceipts(client: ModelClient, receipts: ReceiptLog, to: string): ModelClient {
	if (client.offline) return client;
	return {
		offline: false,
		...(client.local === true && { local: true }),
		...(client.readsAttachments === true && { readsAttachments: true }),
		stream: (request) => receipted(client.stream(request), request, receipts, to),
		listModels: (signal) => client.listModels(signal),
	};
}

async function* receipted(
	events: AsyncIterable<ModelEvent>,
	request: ModelRequest,
	receipts: ReceiptLog,
	to: string,
): AsyncGenerator<ModelEvent> {
	let usage: Usage | null = null;
	let ended = false;
	try {
		for await (const event of events) {
			if (event.type === "usage_start" || event.type === "usage") usage = event.usage;
			yield event;
		}
		ended = true;
	} finally {
		// A request that failed or was stopped has left all the same, its notes inside.
		await receipts.record({
			kind: "model",
			to,
			model: request.model,
			feature: request.origin?.feature ?? "chat",
			paths: carriedPaths(request),
			inputTokens: usage === null ? 0 : usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens,
			outputTokens: usage?.outputTokens ?? 0,
			...(!ended && { failed: true }),
		});
	}
}

/** The host (and port) of a server's address, as a receipt names it: never a key or a password in it. */
export function hostOf(address: string): string {
	try {
		const host = new URL(address.trim()).host;
		if (host !== "") return host;
	} catch {
		// Not an address: said as such below.
	}
	return "(not an address)";
}
