import type {
	AttachmentBlock,
	ChatMessage,
	ContentBlock,
	TextBlock,
	ToolResultBlock,
	ToolUseBlock,
} from "../../model/modelClient";
import { userMessageOf } from "../context/conversationTurns";
import type { ToolResult } from "../tools";
import { INTERRUPTION_MARKERS, STOPPED_CALL } from "./loopNotices";

const ANSWER_SEPARATOR = "\n\n";

/**
 * The messages of one turn as it unfolds: the user's message, the answer streaming in, each
 * finished response, each round of tool results. Whatever arrived stays, so that a turn stopped
 * or cut at any point still ends as a well-formed conversation (see `finish`).
 */
export class TurnMessages {
	private readonly messages: ChatMessage[];
	/** The response streaming in: its text so far and the tool calls already complete. */
	private draft: ContentBlock[] = [];
	/** The tool round running: the calls of the last response and the results in so far. */
	private round: { readonly calls: readonly ToolUseBlock[]; readonly results: ToolResultBlock[] } | null = null;
	private shown = "";

	constructor(userMessage: string, attachments: readonly AttachmentBlock[] = []) {
		this.messages = [userMessageOf(userMessage, attachments)];
	}

	/** The answer as shown so far: every delta `addText` returned. */
	get text(): string {
		return this.shown;
	}

	/** What follows the user's message, for the next model call of the turn. */
	get sinceUserMessage(): readonly ChatMessage[] {
		return this.messages.slice(1);
	}

	/**
	 * Adds streamed text to the response; returns the delta as shown, which sets the first text
	 * of a response apart from the answer before it.
	 */
	addText(text: string): string {
		const last = this.draft[this.draft.length - 1];
		const firstOfResponse = !this.draft.some((block) => block.type === "text");
		const delta = firstOfResponse && this.shown !== "" ? ANSWER_SEPARATOR + text : text;
		if (last?.type === "text") this.draft[this.draft.length - 1] = { type: "text", text: last.text + text };
		else this.draft.push({ type: "text", text });
		this.shown += delta;
		return delta;
	}

	addToolUse(block: ToolUseBlock): void {
		this.draft.push(block);
	}

	/** The response is complete: it becomes an assistant message. */
	closeResponse(): void {
		if (this.draft.length > 0) this.messages.push({ role: "assistant", content: this.draft });
		this.draft = [];
	}

	openToolRound(calls: readonly ToolUseBlock[]): void {
		this.round = { calls, results: [] };
	}

	addResult(call: ToolUseBlock, result: ToolResult): void {
		this.round?.results.push(toolResultBlock(call.id, result));
	}

	/** The round's results become a user message, with `notice` after them when given. */
	closeToolRound(notice?: string): void {
		if (this.round === null) return;
		const content: ContentBlock[] = [...this.round.results];
		if (notice !== undefined) content.push({ type: "text", text: notice });
		this.messages.push({ role: "user", content });
		this.round = null;
	}

	/**
	 * Ends the turn and returns its messages. The text of a response cut short is kept (its
	 * unfinished tool calls are not: they never ran); calls of an open round that got no result
	 * get `STOPPED_CALL`; and the turn ends with an assistant message, carrying `marker` when the
	 * turn was interrupted, so that the next turn's user message can follow.
	 */
	finish(marker: string | null): ChatMessage[] {
		const partial = this.draft.filter((block): block is TextBlock => block.type === "text");
		this.draft = partial;
		this.closeResponse();
		if (this.round !== null) {
			const answered = new Set(this.round.results.map((result) => result.toolUseId));
			for (const call of this.round.calls) if (!answered.has(call.id)) this.addResult(call, STOPPED_CALL);
			this.closeToolRound();
		}
		const last = this.messages[this.messages.length - 1];
		const closing = marker ?? (last.role === "assistant" ? null : INTERRUPTION_MARKERS.empty);
		if (closing !== null) {
			const block: TextBlock = { type: "text", text: closing };
			if (last.role === "assistant")
				this.messages[this.messages.length - 1] = { role: "assistant", content: [...last.content, block] };
			else this.messages.push({ role: "assistant", content: [block] });
		}
		return [...this.messages];
	}
}

/** A tool's result as the conversation holds it: its text for the model, its data beside for the plugin's own models. */
export function toolResultBlock(toolUseId: string, result: ToolResult): ToolResultBlock {
	return {
		type: "tool_result",
		toolUseId,
		content: result.text,
		...(result.isError && { isError: true }),
		...(result.display !== undefined && { data: result.display }),
		...(result.attachments !== undefined && result.attachments.length > 0 && { attachments: result.attachments }),
		...(result.locations !== undefined &&
			result.locations.length > 0 && { sources: [...new Set(result.locations.map((location) => location.path))] }),
	};
}
