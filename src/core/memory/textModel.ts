import type { ModelClient } from "../agent/model";

/**
 * One request, one text answer: what the upkeep of memory and the organizing of notes ask of a
 * model (a weekly summary, a consolidated memory, a folder). `null` where there is no model:
 * each of them then does its offline work instead.
 */
export interface TextModel {
	/** Rejects with a `ModelError` when the model fails; the caller falls back or reports it. */
	complete(request: TextRequest): Promise<string>;
}

export interface TextRequest {
	readonly system: string;
	readonly prompt: string;
	readonly maxTokens: number;
	readonly signal?: AbortSignal;
}

/** A `TextModel` over the chat's model port; `null` for the offline model, which writes nothing of its own. */
export function textModelOver(client: ModelClient, modelId: string): TextModel | null {
	if (client.offline) return null;
	return {
		async complete(request) {
			let text = "";
			const events = client.stream({
				model: modelId,
				system: [{ text: request.system }],
				messages: [{ role: "user", content: [{ type: "text", text: request.prompt }] }],
				tools: [],
				maxTokens: request.maxTokens,
				signal: request.signal,
			});
			for await (const event of events) if (event.type === "text") text += event.text;
			return text.trim();
		},
	};
}
