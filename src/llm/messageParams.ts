import type {
	ContentBlockParam,
	DocumentBlockParam,
	ImageBlockParam,
	MessageCreateParamsStreaming,
	MessageParam,
	TextBlockParam,
	Tool,
} from "@anthropic-ai/sdk/resources/messages/messages";
import type {
	AttachmentBlock,
	ChatMessage,
	ContentBlock,
	ModelRequest,
	SystemBlock,
	ToolDefinition,
} from "../core/model/modelClient";

/**
 * Who reads the body: Anthropic, or a compatible server (Ollama, LM Studio, llama.cpp ...).
 * Such a server has no prompt cache, and Ollama joins an array of system blocks with nothing
 * between them: it gets the system prompt as one string, its layers a blank line apart, and no
 * `cache_control` at all.
 */
export type RequestDialect = "anthropic" | "compatible";

/** The Messages API body for a request of the model port, streaming. */
export function toMessageParams(
	request: ModelRequest,
	dialect: RequestDialect = "anthropic",
): MessageCreateParamsStreaming {
	return {
		model: request.model,
		max_tokens: request.maxTokens,
		stream: true,
		...(request.system.length > 0 && { system: systemParam(request.system, dialect) }),
		messages: request.messages.map((message) => toMessageParam(message, dialect)),
		...(request.tools.length > 0 && { tools: request.tools.map(toToolParam) }),
	};
}

function systemParam(system: readonly SystemBlock[], dialect: RequestDialect): string | TextBlockParam[] {
	return dialect === "anthropic" ? system.map(toSystemParam) : system.map((block) => block.text).join("\n\n");
}

/** The breakpoint block ends the cached prefix: the API reuses everything up to it between turns. */
function toSystemParam(block: SystemBlock): TextBlockParam {
	return block.cacheBreakpoint === true
		? { type: "text", text: block.text, cache_control: { type: "ephemeral" } }
		: { type: "text", text: block.text };
}

function toMessageParam(message: ChatMessage, dialect: RequestDialect): MessageParam {
	return { role: message.role, content: message.content.map((block) => toContentParam(block, dialect)) };
}

/**
 * A compatible server is sent no image or PDF: its model may read none, or take one for text.
 * The conversation may still hold some, read while a Claude model answered (the model was
 * changed mid-chat); each is named in their place instead.
 */
function toContentParam(block: ContentBlock, dialect: RequestDialect): ContentBlockParam {
	if (dialect === "compatible") {
		if (block.type === "image" || block.type === "document") return { type: "text", text: notSent(block) };
		if (block.type === "tool_result" && block.attachments !== undefined)
			return toContentParam({ ...block, attachments: undefined }, dialect);
	}
	switch (block.type) {
		case "text":
			return { type: "text", text: block.text };
		case "tool_use":
			return { type: "tool_use", id: block.id, name: block.name, input: block.input };
		case "tool_result":
			return {
				type: "tool_result",
				tool_use_id: block.toolUseId,
				// The files a tool read follow its text, in the result's content.
				content:
					block.attachments === undefined || block.attachments.length === 0
						? block.content
						: [{ type: "text", text: block.content }, ...block.attachments.map(toAttachmentParam)],
				...(block.isError === true && { is_error: true }),
			};
		case "image":
		case "document":
			return toAttachmentParam(block);
	}
}

/** What a model that reads no attachment is told of one in the conversation. */
function notSent(block: AttachmentBlock): string {
	return `[Attached: ${block.name}. Not sent: this model reads no images or PDFs.]`;
}

/** An image or a PDF as the API takes it: base64 data; a PDF titled with its name. */
function toAttachmentParam(block: AttachmentBlock): ImageBlockParam | DocumentBlockParam {
	return block.type === "image"
		? { type: "image", source: { type: "base64", media_type: block.mediaType, data: block.data } }
		: {
				type: "document",
				source: { type: "base64", media_type: block.mediaType, data: block.data },
				title: block.name,
			};
}

function toToolParam(tool: ToolDefinition): Tool {
	return {
		name: tool.name,
		description: tool.description,
		input_schema: { ...tool.inputSchema, type: "object" },
	};
}
