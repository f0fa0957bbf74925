import { translateIn, type Language } from "../../../i18n";
import type { ToolResultBlock, ToolUseBlock } from "../../model/modelClient";
import type { NoteLocation } from "../tools/noteLocation";
import { locationLine } from "./locationLine";

/** A value of a tool's input is cut here: the line says what was asked, not everything sent. */
const VALUE_CHARS = 80;
const ERROR_CHARS = 120;
/** Ends a value or an error cut short. */
export const CUT_MARK = "…";
/** Between a failed call and its error. */
export const ERROR_SEPARATOR = " — ";

/**
 * A tool call as one list item of the transcript: the tool, its arguments in short, and for a
 * failed call the first line of the error, e.g. `- Tool memory_search (query: "sleep study", limit: 5)`
 * or `- Tool memory_get (path: "Private/Health.md") — Access denied: private. …` (`- 工具 …` in Chinese);
 * below it, the notes its result named (`locationLine`).
 */
export function toolCallLine(
	call: ToolUseBlock,
	result: ToolResultBlock | undefined,
	locations: readonly NoteLocation[],
	language: Language,
): string {
	const args = describeInput(call.input);
	const line = `- ${translateIn(language, "transcript.tool")} ${call.name}${args === "" ? "" : ` (${args})`}`;
	const item =
		result?.isError !== true ? line : `${line}${ERROR_SEPARATOR}${cut(result.content.split("\n", 1)[0], ERROR_CHARS)}`;
	return [item, ...locations.map(locationLine)].join("\n");
}

function describeInput(input: unknown): string {
	if (input === undefined) return "";
	if (typeof input !== "object" || input === null || Array.isArray(input)) return describeValue(input);
	return Object.entries(input)
		.map(([key, value]) => `${key}: ${describeValue(value)}`)
		.join(", ");
}

/** JSON keeps a string on one line (newlines escaped) and quoted, so where it ends is clear. */
function describeValue(value: unknown): string {
	return cut(JSON.stringify(value) ?? String(value), VALUE_CHARS);
}

function cut(text: string, max: number): string {
	const chars = [...text];
	return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}${CUT_MARK}`;
}
