import type { ModelClient, ModelEvent, ModelRequest } from "../../src/core/model/modelClient";

/**
 * A model client that notes when a request reaches it, where the SDK would send it, and answers
 * at once: the benchmark times everything before the network, and nothing of it.
 */
export class RecordingModel implements ModelClient {
	readonly offline = false;
	/** `performance.now()` when the last request arrived. */
	sentAt = Number.NaN;
	lastRequest: ModelRequest | null = null;

	async *stream(request: ModelRequest): AsyncGenerator<ModelEvent> {
		this.sentAt = performance.now();
		this.lastRequest = request;
		yield { type: "text", text: "Noted." };
		yield { type: "stop", reason: "end_turn" };
	}

	listModels(): Promise<never[]> {
		return Promise.resolve([]);
	}
}
