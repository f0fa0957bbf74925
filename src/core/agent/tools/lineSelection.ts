import type { LineIndex } from "../../retrieval/notes/lineIndex";
import { countOf } from "./textPages";

/** The part of a note asked for: character offsets (end exclusive) and 1-based lines. */
export interface LineSelection {
	readonly start: number;
	readonly end: number;
	readonly firstLine: number;
	readonly lastLine: number;
}

/**
 * Lines `lineStart` to `lineEnd` (1-based, inclusive) of a note, without the line break that
 * ends the last one; the whole note when neither is given. A range that runs past the last
 * line stops there; one that starts past it is an error, returned as its message.
 */
export function selectLines(lines: LineIndex, lineStart = 1, lineEnd?: number): LineSelection | string {
	const total = lines.lineCount;
	if (lineStart > total)
		return `line_start ${lineStart} is past the end of the note, which has ${countOf(total, "line")}.`;
	const lastLine = Math.min(lineEnd ?? total, total);
	const end = lastLine === total ? lines.text.length : lines.startOf(lastLine) - 1;
	return { start: lines.startOf(lineStart - 1), end, firstLine: lineStart, lastLine };
}

/** The lines that a span of characters covers (end exclusive), 1-based. */
export function linesOf(lines: LineIndex, start: number, end: number): LineSelection {
	return { start, end, firstLine: lines.lineOf(start) + 1, lastLine: lines.lineOf(Math.max(start, end - 1)) + 1 };
}
