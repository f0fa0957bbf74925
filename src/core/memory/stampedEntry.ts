import { fenceAfter } from "../text/markdownSections";

/**
 * An entry of daily or long-term memory: one list item that starts with when it was written
 * (`- 14:05 ...` in a day's log, `- 2026-03-15 ...` in long-term memory), the text's further
 * lines indented under it so that they stay part of the item (a list in the text nests).
 *
 * No line of the entry reads as a heading, to Obsidian or to the sections these notes are parsed
 * into: a `#` opening a line (after spaces, `>` or a list marker, in a code block or not) is
 * escaped as `\#`, and so is a line of `=` or `-` that would underline the line above it; a code
 * block the text leaves open is closed at its end. Otherwise text holding
 * `## Candidate long-term memory` would start a section that promotion takes, and the entries
 * written after it would land in the middle of this one.
 */
export function stampedEntry(stamp: string, text: string): string {
	const [first, ...rest] = text.trim().split(/\r\n|\r|\n/);
	const lines = rest.map((line) => (line.trim() === "" ? "" : `  ${withoutHeading(line)}`));
	const fence = lines.reduce<string | null>(fenceAfter, null);
	return [`- ${stamp} ${first}`, ...lines, ...(fence === null ? [] : [`  ${fence}`])].join("\n");
}

/** The `#` of an ATX heading, after any indentation, quote markers and list markers. */
const HEADING_MARK = /^((?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]))*[ \t]*)(#{1,6}(?:[ \t]|$))/;
/** A setext underline, after any indentation and quote markers. */
const UNDERLINE = /^((?:[ \t]*>)*[ \t]*)(=+|-+)([ \t]*)$/;

function withoutHeading(line: string): string {
	return line.replace(HEADING_MARK, "$1\\$2").replace(UNDERLINE, "$1\\$2$3");
}
