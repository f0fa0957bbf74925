import { formatCount, pageEnd } from "./textPages";

/** The most a tool may put in the model's context in one answer. */
export const MAX_TOOL_OUTPUT_CHARS = 12_000;

/**
 * `text` within `maxChars`, cut at a line where possible, with a notice that says so: the model
 * must know that it did not see everything, and how to see the rest.
 */
export function boundOutput(text: string, maxChars = MAX_TOOL_OUTPUT_CHARS): string {
	if (text.length <= maxChars) return text;
	const notice = `\n\n[Truncated: this answer had ${formatCount(text.length)} characters and stops at the limit of ${formatCount(maxChars)}. Ask for less (a lower limit, a line range, a cursor) to see the rest.]`;
	return text.slice(0, pageEnd(text, 0, maxChars - notice.length)).trimEnd() + notice;
}
