import type { LineRange, MarkdownBlock } from "./markdownBlocks";
import { sectionAt, type NoteOutline } from "./noteOutline";

/** What is shown of a note: markdown from one section, under that section's heading trail. */
export interface NotePassage {
	/** The heading trail (`A > B`), empty before the first heading. */
	readonly heading: string;
	readonly text: string;
}

/** About what a passage may hold: room for a section of a few list items or a paragraph or two. */
export const PASSAGE_CHARS = 700;

/**
 * The section `line` (1-based) is in, as whole blocks from its start, within `maxChars`; when the
 * blocks before would leave out `line`, from the block that holds it. A list too long is cut
 * between items, a paragraph between lines; a code block or a table too long is left out whole
 * rather than torn. The heading itself is not part of the text: it is the passage's `heading`.
 */
export function passageAt(outline: NoteOutline, line: number, maxChars = PASSAGE_CHARS): NotePassage {
	const section = sectionAt(outline, line);
	const { blocks } = section;
	const focus = Math.max(
		0,
		blocks.findIndex((block) => line - 1 >= block.start && line - 1 < block.end),
	);
	const sizeOf = (block: MarkdownBlock) => charsOf(outline.lines, block);
	const upToFocus = blocks.slice(0, focus + 1).reduce((sum, block) => sum + sizeOf(block), 0);
	const chosen: string[][] = [];
	let used = 0;
	for (const block of blocks.slice(upToFocus <= maxChars ? 0 : focus)) {
		const size = sizeOf(block);
		if (used + size <= maxChars) {
			chosen.push(outline.lines.slice(block.start, block.end));
			used += size;
			continue;
		}
		// The first block alone is too long: as much of it as fits, starting where `line` is.
		if (chosen.length === 0) {
			const part = partOf(outline.lines, block, line - 1, maxChars);
			if (part.length > 0) chosen.push(part);
		}
		break;
	}
	return { heading: section.heading, text: chosen.map((lines) => lines.join("\n")).join("\n\n") };
}

/** Whole items of a list, or lines of a paragraph or quote, from the one holding `line` on, within `maxChars`; nothing of code or a table. */
function partOf(lines: readonly string[], block: MarkdownBlock, line: number, maxChars: number): string[] {
	if (block.kind === "code" || block.kind === "table") return [];
	const pieces: readonly LineRange[] =
		block.kind === "list"
			? block.items
			: Array.from({ length: block.end - block.start }, (_, index) => ({
					start: block.start + index,
					end: block.start + index + 1,
				}));
	const first = Math.max(
		0,
		pieces.findIndex((piece) => line >= piece.start && line < piece.end),
	);
	const part: string[] = [];
	let used = 0;
	for (const piece of pieces.slice(first)) {
		const size = charsOf(lines, piece);
		if (part.length > 0 && used + size > maxChars) break;
		part.push(...lines.slice(piece.start, piece.end));
		used += size;
	}
	return part;
}

function charsOf(lines: readonly string[], range: LineRange): number {
	let chars = 0;
	for (let line = range.start; line < range.end; line++) chars += lines[line].length + 1;
	return chars;
}
