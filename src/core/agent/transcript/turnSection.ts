import { translateIn, type Language } from "../../../i18n";
import type { ChatMessage, ToolResultBlock } from "../../model/modelClient";
import type { ToolCallRecord, TurnResult, TurnUsage } from "../loop";
import { formatDay, localDayOf, localTimeOfDay } from "../../calendar/localCalendar";
import { toolCallLine } from "./toolCallLine";
import { transcriptTokens } from "./transcriptTokens";

/** The heading of a turn in `language`, `## You · 2026-03-05 14:05` (`## 你 · …`): the turns of a transcript begin there. */
export function youHeading(language: Language): string {
	return `## ${translateIn(language, "transcript.you")} · `;
}

export function assistantHeading(language: Language): string {
	return `## ${translateIn(language, "transcript.assistant")}`;
}

/** The minute the user sent the message, in the heading: `2026-03-05 14:05`, local time. */
function sentAt(at: Date): string {
	return `${formatDay(localDayOf(at))} ${localTimeOfDay(at)}`;
}

/**
 * One turn of a transcript, to append after the turns before it: the user's words under
 * `## You`, then under `## Assistant` the answer's text with each tool call as one list item in
 * its place, then the turn's tokens and cost; its labels in `language`, the interface's when the
 * turn was saved. Starts with a blank line and ends with a newline.
 */
export function turnSection(
	turn: Pick<TurnResult, "messages" | "usage" | "toolCalls">,
	at: Date,
	language: Language,
): string {
	const { messages, usage } = turn;
	const answer = messages.slice(1);
	return [
		"",
		`${youHeading(language)}${sentAt(at)}`,
		"",
		...attachedLines(messages, language),
		questionOf(messages),
		"",
		assistantHeading(language),
		"",
		...answerParagraphs(answer, turn.toolCalls, language).flatMap((paragraph) => [paragraph, ""]),
		usageLine(usage, language),
		"",
	].join("\n");
}

/**
 * The assistant's text and tool calls, in order; consecutive calls form one list, each with the
 * notes its result named. The text of tool results and what the loop told the model with them
 * are left out: the transcript is for reading.
 */
function answerParagraphs(
	messages: readonly ChatMessage[],
	toolCalls: readonly ToolCallRecord[],
	language: Language,
): string[] {
	const results = new Map<string, ToolResultBlock>();
	for (const message of messages)
		for (const block of message.content) if (block.type === "tool_result") results.set(block.toolUseId, block);
	const locations = new Map(toolCalls.map((call) => [call.id, call.result.locations ?? []]));
	const paragraphs: string[] = [];
	let inList = false;
	for (const message of messages) {
		if (message.role !== "assistant") continue;
		for (const block of message.content) {
			if (block.type === "tool_use") {
				const line = toolCallLine(block, results.get(block.id), locations.get(block.id) ?? [], language);
				if (inList) paragraphs[paragraphs.length - 1] += `\n${line}`;
				else paragraphs.push(line);
				inList = true;
			} else if (block.type === "text" && block.text.trim() !== "") {
				paragraphs.push(block.text.trim());
				inList = false;
			}
		}
	}
	return paragraphs;
}

/** A line naming each file the user attached: never its bytes, which a note must not hold. */
function attachedLines(messages: readonly ChatMessage[], language: Language): string[] {
	const lines = (messages[0]?.content ?? []).flatMap((block) =>
		block.type === "image" || block.type === "document"
			? [translateIn(language, "transcript.attached", { name: block.name })]
			: [],
	);
	return lines.length === 0 ? [] : [...lines, ""];
}

/** The user's words: the text of a turn's first message. */
export function questionOf(messages: readonly ChatMessage[]): string {
	return (messages[0]?.content ?? [])
		.flatMap((block) => (block.type === "text" ? [block.text.trim()] : []))
		.join("\n\n");
}

function usageLine(usage: TurnUsage, language: Language): string {
	const { input, output } = transcriptTokens(usage.total);
	// A turn stopped before the API's count says its output is estimated, as the chat does.
	const estimated = usage.estimated === true;
	const text =
		usage.local === true
			? translateIn(language, estimated ? "transcript.usage-estimated-local" : "transcript.usage-local", {
					input,
					output,
				})
			: usage.costUsd === null
				? translateIn(language, estimated ? "transcript.usage-estimated-no-cost" : "transcript.usage-no-cost", {
						input,
						output,
					})
				: translateIn(language, estimated ? "transcript.usage-estimated" : "transcript.usage", {
						input,
						output,
						cost: costText(usage.costUsd),
					});
	return `*${text}*`;
}

/** Cents for a cost of a cent or more; below that, enough digits to show it is not nothing. */
function costText(costUsd: number): string {
	return costUsd >= 0.01 || costUsd === 0 ? costUsd.toFixed(2) : costUsd.toFixed(4);
}
