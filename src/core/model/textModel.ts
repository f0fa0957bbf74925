import { ModelError, type ModelClient, type RequestOrigin } from "./modelClient";
import { TimeLimit } from "./timeLimit";
import type { TaskScheduler } from "../ports";

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
	/** What asks, and the notes whose text `prompt` holds, for the request's receipt. */
	readonly origin: RequestOrigin;
}

/** The host's timers, and how long one request may take in all. */
export interface TextModelTimer {
	readonly delay: TaskScheduler["delay"];
	readonly timeLimitMs?: number;
}

/**
 * A weekly summary or a consolidation is a page at most, written in well under a minute; five
 * minutes ends a request that keeps trickling (the client's idle limit ends one that stops).
 */
export const TEXT_REQUEST_TIME_LIMIT_MS = 300_000;

/**
 * A model on the user's machine may first spend minutes loading into memory, then write a page
 * at a few tokens a second on a laptop's processor: fifteen minutes, so neither is cut short.
 */
export const LOCAL_TEXT_REQUEST_TIME_LIMIT_MS = 900_000;

/**
 * A `TextModel` over the chat's model port; `null` for the offline model, which writes nothing of
 * its own. A request past its time limit (longer for a local model) is stopped and rejects with a
 * `time-limit` error.
 */
export function textModelOver(client: ModelClient, modelId: string, timer: TextModelTimer): TextModel | null {
	if (client.offline) return null;
	const timeLimitMs =
		timer.timeLimitMs ?? (client.local === true ? LOCAL_TEXT_REQUEST_TIME_LIMIT_MS : TEXT_REQUEST_TIME_LIMIT_MS);
	return {
		async complete(request) {
			const limit = new TimeLimit(timer.delay, timeLimitMs, request.signal);
			let text = "";
			try {
				const events = client.stream({
					model: modelId,
					system: [{ text: request.system }],
					messages: [{ role: "user", content: [{ type: "text", text: request.prompt }] }],
					tools: [],
					maxTokens: request.maxTokens,
					signal: limit.signal,
					origin: request.origin,
				});
				for await (const event of events) if (event.type === "text") text += event.text;
			} catch (error) {
				if (limit.expired)
					throw new ModelError("time-limit", `The request ran past its time limit of ${timeLimitMs / 1000} s.`);
				throw error;
			} finally {
				limit.dispose();
			}
			return text.trim();
		},
	};
}
