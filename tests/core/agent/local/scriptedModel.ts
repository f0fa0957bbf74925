import {
	ModelError,
	type ModelClient,
	type ModelEvent,
	type ModelRequest,
	type Usage,
} from "../../../../src/core/model/modelClient";

/**
 * What a scripted model does for one request: the events it streams, then, when `fails` is
 * given, the error it raises after them (a server's 400 for tools raises before any event).
 */
export interface ScriptedReply {
	readonly events: readonly ModelEvent[];
	readonly fails?: ModelError;
}

/** A reply that streams `text` and ends the turn, with the usage a server would report. */
export function answer(text: string, usage: Partial<Usage> = {}): ScriptedReply {
	const counted: Usage = { inputTokens: 900, outputTokens: 40, cacheReadTokens: 0, cacheWriteTokens: 0, ...usage };
	return {
		events: [
			{ type: "usage_start", usage: { ...counted, outputTokens: 1 } },
			{ type: "text", text },
			{ type: "stop", reason: "end_turn" },
			{ type: "usage", usage: counted },
		],
	};
}

/** A local server that refuses tools for this model, before anything streams (Ollama's 400). */
export function refusesTools(): ScriptedReply {
	return { events: [], fails: new ModelError("tools-unsupported", "the model does not support tools") };
}

/** A reply that calls one tool. */
export function callsTool(name: string, input: unknown, id = "toolu_1"): ScriptedReply {
	return {
		events: [
			{ type: "tool_use", block: { type: "tool_use", id, name, input } },
			{ type: "stop", reason: "tool_use" },
			{
				type: "usage",
				usage: { inputTokens: 900, outputTokens: 30, cacheReadTokens: 0, cacheWriteTokens: 0 },
			},
		],
	};
}

/** How a scripted model answers a request: the next reply of a list, or one made for the request. */
export type Script = readonly ScriptedReply[] | ((request: ModelRequest) => ScriptedReply);

/**
 * A model port that answers each request as its script says and keeps every request it got:
 * the local or compatible server of a test, without a network. A request past the script fails
 * the test.
 */
export class ScriptedModel implements ModelClient {
	readonly offline = false;
	readonly requests: ModelRequest[] = [];
	private readonly replies: ScriptedReply[];
	private readonly respond: ((request: ModelRequest) => ScriptedReply) | null;

	constructor(
		script: Script,
		readonly local = true,
	) {
		this.replies = typeof script === "function" ? [] : [...script];
		this.respond = typeof script === "function" ? script : null;
	}

	/** Replies not asked for yet. */
	get unused(): number {
		return this.replies.length;
	}

	async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
		this.requests.push(request);
		const reply = this.respond?.(request) ?? this.replies.shift();
		if (reply === undefined) throw new Error(`No scripted reply for request ${this.requests.length}.`);
		for (const event of reply.events) {
			await Promise.resolve();
			yield event;
		}
		if (reply.fails !== undefined) throw reply.fails;
	}

	listModels(): Promise<[]> {
		return Promise.resolve([]);
	}
}

/** The text of a request's system prompt, every block joined. */
export function systemText(request: ModelRequest): string {
	return request.system.map((block) => block.text).join("\n\n");
}
