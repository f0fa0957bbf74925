import type { NoteLocation } from "../tools/noteLocation";
import { parseLocationLine } from "./locationLine";
import { parseToolCallLine, type SavedToolCall } from "./savedToolCall";
import { isAssistantHeading, sentAtOf, usageOf } from "./transcriptLabels";
import type { TranscriptTokens } from "./transcriptTokens";
import { withoutFrontmatter } from "../../text/frontmatterBlock";

/** A part of a saved answer, in order: its text, or one of its tool calls. */
export type SavedAnswerPart =
	{ readonly kind: "text"; readonly text: string } | { readonly kind: "tool"; readonly call: SavedToolCall };

/** One turn of a transcript as it reads back (`turnSection` wrote it). */
export interface SavedTurn {
	/** The minute the user sent the message, as the heading gives it (`yyyy-MM-dd HH:mm`, local time). */
	readonly sentAt: string;
	readonly question: string;
	readonly answer: readonly SavedAnswerPart[];
	/** The turn's tokens; `null` when its last line is missing or was edited. */
	readonly tokens: TranscriptTokens | null;
}

/**
 * The turns of a transcript, so that a chat can be reopened: each `## You · <minute>` heading
 * begins a turn, whose question runs to `## Assistant` and whose answer to the tokens line, in
 * whichever interface language each turn was written.
 * Whatever the user wrote after a turn's tokens line is theirs and not part of the chat.
 * The frontmatter is skipped; a heading the user removed merges its turn into the one before.
 */
export function parseTranscript(content: string): SavedTurn[] {
	const lines = withoutFrontmatter(content.replace(/\r\n?/g, "\n")).split("\n");
	const turns: SavedTurn[] = [];
	let start = -1;
	lines.forEach((line, index) => {
		if (sentAtOf(line) === null) return;
		if (start >= 0) turns.push(turnOf(lines.slice(start, index)));
		start = index;
	});
	if (start >= 0) turns.push(turnOf(lines.slice(start)));
	return turns;
}

function turnOf(lines: readonly string[]): SavedTurn {
	const sentAt = sentAtOf(lines[0]) ?? "";
	const assistant = lines.findIndex((line, index) => index > 0 && isAssistantHeading(line));
	if (assistant === -1) return { sentAt, question: textOf(lines.slice(1)), answer: [], tokens: null };
	const usageIndex = lines.findIndex((line, index) => index > assistant && usageOf(line) !== null);
	const answerEnd = usageIndex === -1 ? lines.length : usageIndex;
	return {
		sentAt,
		question: textOf(lines.slice(1, assistant)),
		answer: answerParts(lines.slice(assistant + 1, answerEnd)),
		tokens: usageIndex === -1 ? null : usageOf(lines[usageIndex]),
	};
}

/**
 * The answer's text and tool calls in order. A paragraph of tool calls, each followed by the
 * notes its result named, is the calls (the transcript writes consecutive calls as one list);
 * the text between them is kept as written, blank lines and all.
 */
function answerParts(lines: readonly string[]): SavedAnswerPart[] {
	const parts: SavedAnswerPart[] = [];
	const pushText = (from: number, to: number) => {
		const text = textOf(lines.slice(from, to));
		if (text !== "") parts.push({ kind: "text", text });
	};
	let textStart = 0;
	for (const [start, end] of paragraphs(lines)) {
		const calls = toolCallsOf(lines.slice(start, end));
		if (calls === null) continue;
		pushText(textStart, start);
		for (const call of calls) parts.push({ kind: "tool", call });
		textStart = end;
	}
	pushText(textStart, lines.length);
	return parts;
}

/** The calls a paragraph lists, each with the locations below it; `null` when any line is neither, or it does not start with a call. */
function toolCallsOf(lines: readonly string[]): SavedToolCall[] | null {
	const calls: { call: Omit<SavedToolCall, "locations">; locations: NoteLocation[] }[] = [];
	for (const line of lines) {
		const call = parseToolCallLine(line);
		const location = call === null ? parseLocationLine(line) : null;
		if (call !== null) calls.push({ call, locations: [] });
		else if (location !== null && calls.length > 0) calls[calls.length - 1].locations.push(location);
		else return null;
	}
	return calls.map(({ call, locations }) => ({ ...call, locations }));
}

/** The runs of non-blank lines, as `[start, end)` indexes. */
function paragraphs(lines: readonly string[]): [number, number][] {
	const runs: [number, number][] = [];
	let start = -1;
	lines.forEach((line, index) => {
		const blank = line.trim() === "";
		if (!blank && start === -1) start = index;
		if (blank && start !== -1) {
			runs.push([start, index]);
			start = -1;
		}
	});
	if (start !== -1) runs.push([start, lines.length]);
	return runs;
}

/** Lines as one text, without the blank lines around it. */
function textOf(lines: readonly string[]): string {
	return lines
		.join("\n")
		.replace(/^\s*\n/, "")
		.trimEnd();
}
