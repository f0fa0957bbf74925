/**
 * Small edits of the templates' markdown that onboarding makes: the user's words as list items,
 * put under a heading or after the file's opening comment.
 */

/** Each non-empty line of `text` as a list item (a list marker it already has is not doubled). */
export function listItems(text: string): string[] {
	return text
		.split(/\r\n|\r|\n/)
		.map((line) => line.trim().replace(/^(?:[-*+]|\d{1,9}[.)])\s+/, ""))
		.filter((line) => line !== "")
		.map((line) => `- ${line}`);
}

/** `items` under the `## heading` line of `markdown`, a blank line before them; `markdown` as it was without that heading. */
export function withItemsUnder(markdown: string, heading: string, items: readonly string[]): string {
	const lines = markdown.split("\n");
	const at = lines.indexOf(`## ${heading}`);
	if (at === -1 || items.length === 0) return markdown;
	lines.splice(at + 1, 0, "", ...items);
	return lines.join("\n");
}

/** `section`, placed after the opening comment of `markdown` (or its title). */
export function withSectionAfterIntro(markdown: string, section: string): string {
	const comment = markdown.indexOf("-->\n");
	const title = markdown.indexOf("\n");
	const end = comment !== -1 ? comment + 4 : title + 1;
	return `${markdown.slice(0, end)}\n${section}${markdown.slice(end)}`;
}

/** `markdown` with `section` after it, a blank line between; only adds, so `markdown` stays its start. */
export function withSectionAtEnd(markdown: string, section: string): string {
	const separator = markdown === "" || markdown.endsWith("\n\n") ? "" : markdown.endsWith("\n") ? "\n" : "\n\n";
	return `${markdown}${separator}${section}`;
}

/** A `## heading` section of `lines`, ending with a newline. */
export function section(heading: string, lines: readonly string[]): string {
	return `## ${heading}\n\n${lines.join("\n")}\n`;
}
