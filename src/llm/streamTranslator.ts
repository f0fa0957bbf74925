import type {
	MessageDeltaUsage,
	RawMessageStreamEvent,
	StopReason as SdkStopReason,
	Usage as SdkUsage,
} from "@anthropic-ai/sdk/resources/messages/messages";
import { ModelError, type ModelEvent, type StopReason, type ToolUseBlock, type Usage } from "../core/model/modelClient";

interface ToolCallInProgress {
	readonly id: string;
	readonly name: string;
	json: string;
}

/**
 * How a compatible server's stream is read: what Anthropic always sends, a local server may leave
 * out (the usage or its cache fields, the stop reason, the final `message_stop`), and its model's
 * tool calls are checked against the tools the request offered.
 */
export interface CompatibleStream {
	readonly offeredTools: readonly string[];
}

/**
 * Turns the Messages API's stream events into the model port's events, one response at a time:
 * the tokens counted at the start, text deltas as they come, each tool call's input fragments
 * and then the whole call when its block closes, the usage once the response is complete, and
 * the stop reason last. With `compatible`, a stream from a local server is read as leniently
 * as it needs and a tool call that cannot be read fails with `tools-unsupported`.
 */
export class StreamTranslator {
	private readonly toolCalls = new Map<number, ToolCallInProgress>();
	private startUsage: Partial<SdkUsage> | undefined;
	private stopReason: StopReason = "end_turn";
	private sawToolCall = false;
	private delta = false;
	private complete = false;
	/** A call whose input JSON did not parse, held back until the stop reason says whether the output limit cut it. */
	private unreadable: ToolUseBlock | undefined;

	constructor(private readonly compatible?: CompatibleStream) {}

	/** Whether the response is complete (`message_stop`, or for a compatible server `message_delta`): a stream that ends before it was cut. */
	get finished(): boolean {
		return this.complete || (this.compatible !== undefined && this.delta);
	}

	translate(event: RawMessageStreamEvent): ModelEvent[] {
		switch (event.type) {
			case "message_start":
				this.startUsage = event.message.usage ?? undefined;
				return [{ type: "usage_start", usage: startUsage(this.startUsage) }];
			case "content_block_start": {
				const block = event.content_block;
				if (block.type === "tool_use") {
					this.toolCalls.set(event.index, { id: block.id, name: block.name, json: "" });
					return [];
				}
				return block.type === "text" && block.text !== "" ? [{ type: "text", text: block.text }] : [];
			}
			case "content_block_delta": {
				const delta = event.delta;
				if (delta.type === "text_delta") return delta.text === "" ? [] : [{ type: "text", text: delta.text }];
				const call = this.toolCalls.get(event.index);
				if (delta.type !== "input_json_delta" || call === undefined || delta.partial_json === "") return [];
				call.json += delta.partial_json;
				return [{ type: "tool_input", id: call.id, name: call.name, partialJson: delta.partial_json }];
			}
			case "content_block_stop": {
				const call = this.toolCalls.get(event.index);
				if (call === undefined) return [];
				this.toolCalls.delete(event.index);
				this.sawToolCall = true;
				return this.finishedCall(call);
			}
			case "message_delta":
				this.delta = true;
				this.stopReason = toStopReason(event.delta?.stop_reason ?? null, this.sawToolCall);
				return [...this.heldCall(), { type: "usage", usage: mergeUsage(this.startUsage, event.usage) }];
			case "message_stop":
				this.complete = true;
				return [{ type: "stop", reason: this.stopReason }];
			// The API adds event types over time and asks clients to pass over those they do not
			// know; a compatible server may send its own. Neither is part of the answer.
			default:
				return [];
		}
	}

	/**
	 * What a compatible server's stream still owes once it ended after `message_delta` without
	 * `message_stop`: the stop reason. Nothing for a stream that was complete or cut.
	 */
	end(): ModelEvent[] {
		if (this.complete || !this.finished) return [];
		this.complete = true;
		return [{ type: "stop", reason: this.stopReason }];
	}

	private finishedCall(call: ToolCallInProgress): ModelEvent[] {
		const input = parseToolInput(call.json);
		const block: ToolUseBlock = { type: "tool_use", id: call.id, name: call.name, input: input ?? {} };
		if (this.compatible === undefined) return [{ type: "tool_use", block }];
		if (!this.compatible.offeredTools.includes(call.name))
			throw toolsUnsupported(`The model called "${call.name}", a tool the request did not offer.`);
		if (input === undefined) {
			this.unreadable = block;
			return [];
		}
		return [{ type: "tool_use", block }];
	}

	/**
	 * A held call cut by the output limit goes on as `{}`, as Anthropic's would; any other call
	 * whose input is not a JSON object means the model cannot call tools.
	 */
	private heldCall(): ModelEvent[] {
		const held = this.unreadable;
		if (held === undefined) return [];
		this.unreadable = undefined;
		if (this.stopReason !== "max_tokens")
			throw toolsUnsupported(`The model's call of "${held.name}" did not have a JSON object as its input.`);
		return [{ type: "tool_use", block: held }];
	}
}

function toolsUnsupported(detail: string): ModelError {
	return new ModelError("tools-unsupported", detail);
}

/**
 * The input of a tool call, or undefined when its JSON is not an object. A call without
 * arguments streams no JSON at all: that is `{}`, as the API takes only objects as a tool's input.
 */
function parseToolInput(json: string): object | undefined {
	if (json.trim() === "") return {};
	try {
		const input: unknown = JSON.parse(json);
		return typeof input === "object" && input !== null && !Array.isArray(input) ? input : undefined;
	} catch {
		return undefined;
	}
}

/** A local server may send no usage, or one without the cache fields: what it leaves out counts as 0. */
function startUsage(usage: Partial<SdkUsage> | undefined): Usage {
	return {
		inputTokens: usage?.input_tokens ?? 0,
		outputTokens: usage?.output_tokens ?? 0,
		cacheReadTokens: usage?.cache_read_input_tokens ?? 0,
		cacheWriteTokens: usage?.cache_creation_input_tokens ?? 0,
	};
}

/** `message_delta` carries cumulative counts; fields it leaves out keep their `message_start` value. */
function mergeUsage(start: Partial<SdkUsage> | undefined, delta: Partial<MessageDeltaUsage> | undefined): Usage {
	return {
		inputTokens: delta?.input_tokens ?? start?.input_tokens ?? 0,
		outputTokens: delta?.output_tokens ?? start?.output_tokens ?? 0,
		cacheReadTokens: delta?.cache_read_input_tokens ?? start?.cache_read_input_tokens ?? 0,
		cacheWriteTokens: delta?.cache_creation_input_tokens ?? start?.cache_creation_input_tokens ?? 0,
	};
}

/**
 * A reason this version does not know yet ends the turn like `end_turn`, the safe default; a
 * response that gave none but called tools (a local server may leave it out) stopped for them.
 */
function toStopReason(reason: SdkStopReason | null, calledTools: boolean): StopReason {
	switch (reason) {
		case "tool_use":
		case "max_tokens":
		case "stop_sequence":
		case "refusal":
		case "pause_turn":
		case "model_context_window_exceeded":
			return reason;
		case null:
			return calledTools ? "tool_use" : "end_turn";
		default:
			return "end_turn";
	}
}
