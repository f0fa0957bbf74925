import { withoutFrontmatter } from "../text/frontmatterBlock";

/**
 * Whether `HEARTBEAT.md` holds nothing to check, so the heartbeat does not run (and costs
 * nothing). What says nothing: blank lines, headings, list items and task boxes with no text
 * (`-`, `1.`, `- [ ]`, `[x]`), rules (`---`), HTML comments (the template's example items live in
 * one) and the properties block. Any other line is something the user wrote for the assistant.
 */
export function isChecklistEmpty(text: string): boolean {
	return withoutComments(withoutFrontmatter(text))
		.split(/\r\n|\r|\n/)
		.every(saysNothing);
}

/** An unclosed comment runs to the end of the note, as Obsidian renders it. */
function withoutComments(text: string): string {
	return text.replace(/<!--[\s\S]*?(?:-->|$)/g, "");
}

const HEADING = /^#{1,6}(?:\s|$)/;
/** List markers and task boxes, any number of them nested, with nothing after. */
const EMPTY_ITEM = /^(?:(?:[-*+]|\d{1,9}[.)])(?:\s+|$))*(?:\[[ xX]?\])?$/;
const RULE = /^(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;

function saysNothing(line: string): boolean {
	const text = line.trim();
	return text === "" || HEADING.test(text) || RULE.test(text) || EMPTY_ITEM.test(text);
}
