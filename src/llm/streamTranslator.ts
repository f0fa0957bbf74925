import type {
	MessageDeltaUsage,
	RawMessageStreamEvent,
	StopReason as SdkStopReason,
	Usage as SdkUsage,
} from "@anthropic-ai/sdk/resources/messages/messages";
import type { ModelEvent, StopReason, Usage } from "../core/model/modelClient";

interface ToolCallInProgress {
	readonly id: string;
	readonly name: string;
	json: string;
}

/**
 * Turns the Messages API's stream events into the model port's events, one response at a time:
 * the tokens counted at the start, text deltas as they come, each tool call's input fragments
 * and then the whole call when its block closes, the usage once the response is complete, and
 * the stop reason last.
 */
export class StreamTranslator {
	private readonly toolCalls = new Map<number, ToolCallInProgress>();
	private startUsage: SdkUsage | undefined;
	private stopReason: StopReason = "end_turn";
	private complete = false;

	/** Whether `message_stop` arrived: a stream that ends before it was cut. */
	get finished(): boolean {
		return this.complete;
	}

	translate(event: RawMessageStreamEvent): ModelEvent[] {
		switch (event.type) {
			case "message_start":
				this.startUsage = event.message.usage;
				return [{ type: "usage_start", usage: startUsage(event.message.usage) }];
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
				return [
					{
						type: "tool_use",
						block: { type: "tool_use", id: call.id, name: call.name, input: parseToolInput(call.json) },
					},
				];
			}
			case "message_delta":
				this.stopReason = toStopReason(event.delta.stop_reason);
				return [{ type: "usage", usage: mergeUsage(this.startUsage, event.usage) }];
			case "message_stop":
				this.complete = true;
				return [{ type: "stop", reason: this.stopReason }];
		}
	}
}

/**
 * A call without arguments streams no JSON at all; one cut by `max_tokens` streams half an object.
 * Both become `{}`: the API takes only objects as a tool's input, so the call can still be sent
 * back, and the stop reason tells the loop what happened.
 */
function parseToolInput(json: string): unknown {
	if (json.trim() === "") return {};
	try {
		const input: unknown = JSON.parse(json);
		return typeof input === "object" && input !== null && !Array.isArray(input) ? input : {};
	} catch {
		return {};
	}
}

function startUsage(usage: SdkUsage): Usage {
	return {
		inputTokens: usage.input_tokens,
		outputTokens: usage.output_tokens,
		cacheReadTokens: usage.cache_read_input_tokens ?? 0,
		cacheWriteTokens: usage.cache_creation_input_tokens ?? 0,
	};
}

/** `message_delta` carries cumulative counts; fields it leaves null keep their `message_start` value. */
function mergeUsage(start: SdkUsage | undefined, delta: MessageDeltaUsage): Usage {
	return {
		inputTokens: delta.input_tokens ?? start?.input_tokens ?? 0,
		outputTokens: delta.output_tokens,
		cacheReadTokens: delta.cache_read_input_tokens ?? start?.cache_read_input_tokens ?? 0,
		cacheWriteTokens: delta.cache_creation_input_tokens ?? start?.cache_creation_input_tokens ?? 0,
	};
}

/** A reason this version does not know yet ends the turn like `end_turn`, the safe default. */
function toStopReason(reason: SdkStopReason | null): StopReason {
	switch (reason) {
		case "tool_use":
		case "max_tokens":
		case "stop_sequence":
		case "refusal":
		case "pause_turn":
		case "model_context_window_exceeded":
			return reason;
		default:
			return "end_turn";
	}
}
