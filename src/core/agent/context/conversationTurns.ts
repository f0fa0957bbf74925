import type { AttachmentBlock, ChatMessage, ContentBlock } from "../../model/modelClient";
import { textWeight } from "../../text/tokenEstimate";
import { attachmentTokens } from "../../model/attachmentTokens";

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

/** The user's message with the files they attached: the files first, as the API advises, then the words. */
export function userMessageOf(text: string, attachments: readonly AttachmentBlock[] = []): ChatMessage {
	return attachments.length === 0
		? userTextMessage(text)
		: { role: "user", content: [...attachments, { type: "text", text }] };
}

function blockWeight(block: ContentBlock): number {
	switch (block.type) {
		case "text":
			return textWeight(block.text);
		case "tool_use":
			return textWeight(block.name) + textWeight(block.input === undefined ? "" : JSON.stringify(block.input));
		case "tool_result":
			return (
				textWeight(block.content) + (block.attachments ?? []).reduce((sum, file) => sum + attachmentTokens(file), 0)
			);
		case "image":
		case "document":
			return attachmentTokens(block);
	}
}

/**
 * The conversation as a model without tools can take it: only the text of each message, the
 * tool calls and their results left out (a request that offers no tools may not carry them,
 * and their findings are in the answers that followed), and messages of one role that then
 * meet merged, so that roles still alternate.
 */
export function textOnlyMessages(messages: readonly ChatMessage[]): ChatMessage[] {
	const kept: ChatMessage[] = [];
	for (const message of messages) {
		const content = message.content.filter((block) => block.type === "text");
		if (content.length === 0) continue;
		const last = kept[kept.length - 1];
		if (last?.role === message.role)
			kept[kept.length - 1] = { role: last.role, content: [...last.content, ...content] };
		else kept.push({ role: message.role, content });
	}
	return kept;
}

/**
 * The conversation as the assembly weighs it for a model without tools: every message in its
 * place (the compaction's positions and the turns stay the same), but the tool calls and their
 * results emptied, since `textOnlyMessages` then leaves them out of the request.
 */
export function emptiedToolBlocks(messages: readonly ChatMessage[]): ChatMessage[] {
	return messages.map((message) => ({
		role: message.role,
		content: message.content.map((block): ContentBlock => {
			if (block.type === "tool_use") return { ...block, input: {} };
			if (block.type === "tool_result") return { type: "tool_result", toolUseId: block.toolUseId, content: "" };
			// A model without tools is sent no attachment (`textOnlyMessages`): it weighs nothing.
			if (block.type === "image" || block.type === "document") return { type: "text", text: "" };
			return block;
		}),
	}));
}
