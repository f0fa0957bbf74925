import { appendBlock, detectEol, proseLines, type Line } from "./markdownSections";

/**
 * The assistant's own layer in a note (the agent layer): one `> [!assistant]` callout,
 * beside the user's text and a verified note's metadata, never mixed into them. The callout type
 * is what marks it as the assistant's: any `[!assistant]` callout at the top level of the note,
 * whatever its title or fold state (the user may rename or fold it), is the one the assistant
 * rewrites. Everything else in the note is the user's.
 */

/** The header of a new callout; an existing callout keeps its own header line. */
export const ASSISTANT_CALLOUT_HEADER = "> [!assistant] Assistant notes";

/** `> [!assistant]`, `>[!Assistant]- Title`: the first line of the assistant's callout. */
const HEADER = /^ {0,3}>[ \t]*\[!assistant\][+-]?(?:[ \t].*)?$/i;
/** A line of a blockquote: every line of a callout starts with `>`. */
const QUOTED = /^ {0,3}>/;

/** Where the assistant's callout is in a note, as offsets of its text. */
export interface AssistantCallout {
	/** The start of the header line. */
	readonly start: number;
	/** The end of the header line's text (before its line break): the body follows. */
	readonly headerEnd: number;
	/** The end of the last line's text; the line break after it belongs to the note, not the callout. */
	readonly end: number;
}

/**
 * The first assistant callout of a note outside frontmatter and fenced code, or `null`. The
 * callout runs over the consecutive `>` lines after its header, as the blockquote does.
 * Lines the user typed into the callout are inside it, and are the assistant's to replace.
 */
export function findAssistantCallout(content: string): AssistantCallout | null {
	const lines = proseLines(content);
	const index = lines.findIndex((line, at) => HEADER.test(line.text) && !continuesQuote(lines, at));
	if (index === -1) return null;
	const header = lines[index];
	let last = header;
	for (const line of lines.slice(index + 1)) {
		// Adjacent in the note, not just in the prose lines: a fence between two quotes ends the callout.
		if (line.start !== last.end || !QUOTED.test(line.text)) break;
		last = line;
	}
	return { start: header.start, headerEnd: header.start + header.text.length, end: last.start + last.text.length };
}

/** Whether line `at` continues a blockquote: a callout's header must be the first line of its blockquote. */
function continuesQuote(lines: readonly Line[], at: number): boolean {
	return at > 0 && lines[at - 1].end === lines[at].start && QUOTED.test(lines[at - 1].text);
}

/**
 * The note with `text` as the body of the assistant's callout: the existing callout's body
 * replaced (its header line kept), or a new callout appended at the end after a blank line.
 * Not one byte outside the callout changes.
 */
export function withAssistantCallout(content: string, text: string): string {
	const eol = detectEol(content);
	const body = calloutBody(text, eol);
	const callout = findAssistantCallout(content);
	if (callout === null) return appendBlock(content, ASSISTANT_CALLOUT_HEADER + body, "paragraph");
	return content.slice(0, callout.headerEnd) + body + content.slice(callout.end);
}

/** `text` as quoted lines, each starting with the note's line break. */
function calloutBody(text: string, eol: string): string {
	return text
		.replace(/\s+$/, "")
		.split(/\r\n|\r|\n/)
		.map((line) => `${eol}${line === "" ? ">" : `> ${line}`}`)
		.join("");
}

/**
 * Whether a stretch of text that follows a callout's header is a callout body: empty, or lines
 * that each begin with a line break and `>` (so that it cannot reach out of the callout).
 */
export function isCalloutBody(text: string): boolean {
	if (text === "") return true;
	if (!text.startsWith("\n") && !text.startsWith("\r\n")) return false;
	return text
		.replace(/^\r?\n/, "")
		.split(/\r\n|\r|\n/)
		.every((line) => QUOTED.test(line));
}
