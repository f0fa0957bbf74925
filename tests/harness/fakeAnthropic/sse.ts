import { ANTHROPIC_WIRE, type WireStyle } from "./profiles";
import type { ScriptedBlock, ScriptedMessage, ScriptedUsage } from "./script";

/** One server-sent event as the Messages API writes it: its name, and JSON data with the same `type`. */
export interface SseEvent {
	readonly event: string;
	readonly data: Readonly<Record<string, unknown>>;
}

export function formatSse(event: SseEvent): string {
	return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

let messageCount = 0;

/**
 * The events of a streamed answer, in the API's order: `message_start` (usage with the input
 * counts), a `ping`, each block as start / deltas / stop, `message_delta` (stop reason and the
 * final output count), `message_stop`; with what `wire` says the server sends besides.
 */
export function messageEvents(message: ScriptedMessage, model: string, wire: WireStyle = ANTHROPIC_WIRE): SseEvent[] {
	const usage: ScriptedUsage = {
		input_tokens: 10,
		output_tokens: 5,
		cache_creation_input_tokens: 0,
		cache_read_input_tokens: 0,
		...message.usage,
	};
	const chunkSize = message.chunkSize ?? 4;
	const hasToolUse = message.content.some((block) => block.type === "tool_use");
	const stopReason = message.stopReason === undefined ? (hasToolUse ? "tool_use" : "end_turn") : message.stopReason;
	const withUsage = message.usage !== null;
	const events: SseEvent[] = [
		sse("message_start", {
			message: {
				id: `msg_fake_${++messageCount}`,
				type: "message",
				role: "assistant",
				model,
				content: [],
				stop_reason: null,
				stop_sequence: null,
				...(withUsage && { usage: usageFields(wire, usage, { output_tokens: wire.cacheFields ? 1 : 0 }) }),
			},
		}),
		...(wire.ping ? [sse("ping", {})] : []),
	];
	message.content.forEach((block, index) => events.push(...blockEvents(block, index, chunkSize, wire)));
	events.push(
		sse("message_delta", {
			delta: {
				...(stopReason !== null && { stop_reason: stopReason }),
				...(wire.stopSequence && { stop_sequence: null }),
			},
			...(withUsage && {
				usage: wire.deltaInputTokens
					? { input_tokens: usage.input_tokens, output_tokens: usage.output_tokens }
					: { output_tokens: usage.output_tokens },
			}),
		}),
	);
	if (message.withoutMessageStop !== true) events.push(sse("message_stop", {}));
	return events;
}

function usageFields(
	wire: WireStyle,
	usage: ScriptedUsage,
	override: { output_tokens: number },
): Record<string, number> {
	const { cache_creation_input_tokens, cache_read_input_tokens, ...counts } = { ...usage, ...override };
	return wire.cacheFields ? { ...counts, cache_creation_input_tokens, cache_read_input_tokens } : counts;
}

function blockEvents(block: ScriptedBlock, index: number, chunkSize: number, wire: WireStyle): SseEvent[] {
	if (block.type === "text") {
		return [
			sse("content_block_start", { index, content_block: { type: "text", text: "" } }),
			...chunks(block.text, chunkSize).map((text) =>
				sse("content_block_delta", { index, delta: { type: "text_delta", text } }),
			),
			sse("content_block_stop", { index }),
		];
	}
	// Like the API: the block starts with an empty input, whose JSON then streams, first as "".
	const json = block.inputJson ?? JSON.stringify(block.input);
	const pieces = wire.toolJson === "whole" ? [json] : ["", ...chunks(json, chunkSize)];
	return [
		sse("content_block_start", {
			index,
			content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
		}),
		...pieces.map((partial_json) =>
			sse("content_block_delta", { index, delta: { type: "input_json_delta", partial_json } }),
		),
		sse("content_block_stop", { index }),
	];
}

function sse(type: string, fields: Record<string, unknown>): SseEvent {
	return { event: type, data: { type, ...fields } };
}

/** Pieces of `size` characters, never splitting one (an emoji stays whole, as the API sends it). */
function chunks(text: string, size: number): string[] {
	const characters = Array.from(text);
	const pieces: string[] = [];
	for (let start = 0; start < characters.length; start += size)
		pieces.push(characters.slice(start, start + size).join(""));
	return pieces;
}
