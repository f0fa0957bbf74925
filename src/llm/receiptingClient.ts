import type { ReceiptLog } from "../core/audit/receiptLog";
import { carriedPaths } from "../core/model/carriedPaths";
import type { ModelClient, ModelEvent, ModelInfo, ModelRequest, Usage } from "../core/model/modelClient";

/**
 * `client` with a receipt for every request it makes: where it went (`to`, the server's host),
 * the model, what sent it, the notes and files it carried and its tokens, once it has ended; a
 * listing of the models too, which carries the key to the server. The offline model sends
 * nothing and is returned as it is.
 */
export function withReceipts(client: ModelClient, receipts: ReceiptLog, to: string): ModelClient {
	if (client.offline) return client;
	return {
		offline: false,
		...(client.local === true && { local: true }),
		...(client.readsAttachments === true && { readsAttachments: true }),
		stream: (request) => receipted(client.stream(request), request, receipts, to),
		listModels: withListingReceipts((signal) => client.listModels(signal), receipts, to),
	};
}

/** `listModels` with a receipt of each listing: it carries the key to the server, when there is one. */
export function withListingReceipts(
	listModels: (signal?: AbortSignal) => Promise<ModelInfo[]>,
	receipts: ReceiptLog,
	to: string,
): (signal?: AbortSignal) => Promise<ModelInfo[]> {
	return async (signal) => {
		let listed = false;
		try {
			const models = await listModels(signal);
			listed = true;
			return models;
		} finally {
			await recordListing(receipts, to, listed);
		}
	};
}

/**
 * `probe` (whether a server answers at an address outside the window's CORS rules) with a receipt
 * of each time it asks: it is a request to the server's model list like any other, made from
 * outside the window.
 */
export function withProbeReceipts(
	probe: (url: string) => Promise<boolean>,
	receipts: ReceiptLog,
): (url: string) => Promise<boolean> {
	return async (url) => {
		let answered = false;
		try {
			answered = await probe(url);
			return answered;
		} finally {
			await recordListing(receipts, hostOf(url), answered);
		}
	};
}

/** The receipt of a request for the server's model list: it carries no note and counts no token. */
function recordListing(receipts: ReceiptLog, to: string, answered: boolean): Promise<void> {
	return receipts.record({
		kind: "model",
		to,
		feature: "model-list",
		paths: [],
		inputTokens: 0,
		outputTokens: 0,
		...(!answered && { failed: true }),
	});
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
