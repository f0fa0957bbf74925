import type { LineRange } from "./contextReport";

/**
 * The words that stand in for text left out of the context. Each tells the model what is
 * missing and the exact `memory_get` call that reads it, so a cut never hides anything.
 */

/** Stands in for lines cut out of a note. */
export function omittedLinesMarker(path: string, lines: LineRange, omittedTokens: number): string {
	const call = JSON.stringify({ path, line_start: lines.firstLine, line_end: lines.lastLine });
	return `[… ${lineSpan(lines)} of ${path} not shown here (about ${tokenCount(omittedTokens)}). Read them with memory_get ${call} …]`;
}

/** Stands in for a whole note left out. */
export function leftOutNotice(path: string, why: string): string {
	return `[${path} is not shown here: ${why}. Read it with memory_get ${JSON.stringify({ path })}.]`;
}

/** Stands in for lines left out of a view whose header already says how to read them. */
export function gapMarker(lines: LineRange): string {
	return `[… ${lineSpan(lines)} not shown …]`;
}

function lineSpan(lines: LineRange): string {
	return lines.firstLine === lines.lastLine ? `line ${lines.firstLine}` : `lines ${lines.firstLine}–${lines.lastLine}`;
}

/** "1,234 tokens", grouped the same way whatever the runtime's locale. */
function tokenCount(tokens: number): string {
	return `${tokens.toLocaleString("en-US")} token${tokens === 1 ? "" : "s"}`;
}
