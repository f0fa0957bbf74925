import type { ChatMessage, ContentBlock } from "../../model/modelClient";
import { textWeight } from "../../text/tokenEstimate";

/**
 * What the API adds around each message (its role and framing), a flat allowance in the spirit
 * of the estimate.
 */
const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * Whether a message starts a turn: the user's own words, not tool results (which the API
 * sends as user messages). Cutting only there never parts a tool call from its result.
 */
function startsTurn(message: ChatMessage): boolean {
	return message.role === "user" && !message.content.some((block) => block.type === "tool_result");
}

/** The index of each message at or after `from` that starts a turn. */
export function turnStarts(messages: readonly ChatMessage[], from: number): number[] {
	const starts: number[] = [];
	for (let index = from; index < messages.length; index++) if (startsTurn(messages[index])) starts.push(index);
	return starts;
}

export function messageTokens(message: ChatMessage): number {
	return MESSAGE_OVERHEAD_TOKENS + Math.ceil(message.content.reduce((sum, block) => sum + blockWeight(block), 0));
}

export function userTextMessage(text: string): ChatMessage {
	return { role: "user", content: [{ type: "text", text }] };
}

function blockWeight(block: ContentBlock): number {
	switch (block.type) {
		case "text":
			return textWeight(block.text);
		case "tool_use":
			return textWeight(block.name) + textWeight(block.input === undefined ? "" : JSON.stringify(block.input));
		case "tool_result":
			return textWeight(block.content);
	}
}
