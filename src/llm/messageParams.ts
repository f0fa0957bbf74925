import type {
	ContentBlockParam,
	MessageCreateParamsStreaming,
	MessageParam,
	TextBlockParam,
	Tool,
} from "@anthropic-ai/sdk/resources/messages/messages";
import type { ChatMessage, ContentBlock, ModelRequest, SystemBlock, ToolDefinition } from "../core/model/modelClient";

/** The Messages API body for a request of the model port, streaming. */
export function toMessageParams(request: ModelRequest): MessageCreateParamsStreaming {
	return {
		model: request.model,
		max_tokens: request.maxTokens,
		stream: true,
		...(request.system.length > 0 && { system: request.system.map(toSystemParam) }),
		messages: request.messages.map(toMessageParam),
		...(request.tools.length > 0 && { tools: request.tools.map(toToolParam) }),
	};
}

/** The breakpoint block ends the cached prefix: the API reuses everything up to it between turns. */
function toSystemParam(block: SystemBlock): TextBlockParam {
	return block.cacheBreakpoint === true
		? { type: "text", text: block.text, cache_control: { type: "ephemeral" } }
		: { type: "text", text: block.text };
}

function toMessageParam(message: ChatMessage): MessageParam {
	return { role: message.role, content: message.content.map(toContentParam) };
}

function toContentParam(block: ContentBlock): ContentBlockParam {
	switch (block.type) {
		case "text":
			return { type: "text", text: block.text };
		case "tool_use":
			return { type: "tool_use", id: block.id, name: block.name, input: block.input };
		case "tool_result":
			return {
				type: "tool_result",
				tool_use_id: block.toolUseId,
				content: block.content,
				...(block.isError === true && { is_error: true }),
			};
	}
}

function toToolParam(tool: ToolDefinition): Tool {
	return {
		name: tool.name,
		description: tool.description,
		input_schema: { ...tool.inputSchema, type: "object" },
	};
}
