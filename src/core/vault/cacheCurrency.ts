import type { NoteMetadata } from "../metadata";

/**
 * Whether `metadata` describes `text` as it is now, not as it was: the metadata cache reads a
 * note a moment after it is saved, so a note the user has just marked private is, for that
 * moment, described by its old properties. Obsidian's sections cover a note to the end of its
 * last line that is not blank, so where the cache's last section ends and where the text's last
 * line ends must agree. An edit that adds a flag, a tag or a block adds characters and moves
 * that end; when they disagree, what the note says about itself is unknown until the cache
 * catches up. Lines of nothing but quote markers after the cached end are let pass: whether a
 * parser counts a closing `>` line into its quote varies, and such a line holds no flag or tag.
 */
export function describesText(metadata: NoteMetadata, text: string): boolean {
	const sections = metadata.sections ?? [];
	const cachedEnd = sections.length === 0 ? 0 : sections[sections.length - 1].position.end.offset;
	const textEnd = endOfLastLine(text);
	return cachedEnd === textEnd || (cachedEnd < textEnd && QUOTE_MARKER_LINES.test(text.slice(cachedEnd, textEnd)));
}

/** Whole lines holding nothing but `>` and spaces, each after a line break. */
const QUOTE_MARKER_LINES = /^(?:\r?\n[ \t>]*)+$/;

/** The offset just past the last line holding more than spaces and tabs (its own trailing spaces kept), `0` for a blank text. */
function endOfLastLine(text: string): number {
	let last = text.length - 1;
	while (last >= 0 && isBlank(text.charCodeAt(last))) last--;
	if (last < 0) return 0;
	let end = last + 1;
	while (end < text.length && text.charCodeAt(end) !== 0x0a /* \n */ && text.charCodeAt(end) !== 0x0d /* \r */) end++;
	return end;
}

/** A space, a tab or a line break: what a blank line is made of in markdown. */
function isBlank(code: number): boolean {
	return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}
