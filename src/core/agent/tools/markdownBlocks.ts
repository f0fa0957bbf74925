/**
 * A note's lines grouped into the blocks Obsidian renders (lists, paragraphs, quotes, code,
 * tables), so that what is shown of a note is whole blocks and whole list items: a task keeps its
 * box, a numbered step its number, a code block and a table their every line.
 */

export type BlockKind = "list" | "paragraph" | "quote" | "code" | "table" | "heading";

/** Lines `[start, end)`, 0-based. */
export interface LineRange {
	readonly start: number;
	readonly end: number;
}

export interface MarkdownBlock extends LineRange {
	readonly kind: BlockKind;
	/** A list's items, each its own line and the lines that continue it (not the items nested in it). */
	readonly items: readonly LineRange[];
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const HEADING = /^#{1,6}(\s|$)/;
export const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+/;
const QUOTE = /^\s*>/;
const TABLE_ROW = /^\s*\|/;
/**
 * A table's rule (`| --- | :-: |`), tested on the trimmed line: written so that no two runs of
 * spaces touch, since a pattern that lets them split a run either way takes time squared in its
 * length to fail, and a line of a million spaces froze the search.
 */
const TABLE_RULE = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/;

/** The blocks of `lines[start, end)`, in order; blank lines belong to none. */
export function markdownBlocks(lines: readonly string[], start: number, end: number): MarkdownBlock[] {
	const blocks: MarkdownBlock[] = [];
	let at = start;
	while (at < end) {
		if (lines[at].trim() === "") at++;
		else {
			const block = blockAt(lines, at, end);
			blocks.push(block);
			at = block.end;
		}
	}
	return blocks;
}

function blockAt(lines: readonly string[], start: number, end: number): MarkdownBlock {
	const line = lines[start];
	const fence = FENCE.exec(line);
	if (fence !== null) return plain("code", start, closingFence(lines, start, end, fence[1]));
	if (HEADING.test(line)) return plain("heading", start, start + 1);
	if (TABLE_ROW.test(line) || (start + 1 < end && line.includes("|") && TABLE_RULE.test(lines[start + 1].trim()))) {
		return plain(
			"table",
			start,
			runWhile(lines, start, end, (row) => row.includes("|")),
		);
	}
	if (QUOTE.test(line))
		return plain(
			"quote",
			start,
			runWhile(lines, start, end, (row) => QUOTE.test(row)),
		);
	if (LIST_ITEM.test(line)) return listAt(lines, start, end);
	return plain(
		"paragraph",
		start,
		runWhile(lines, start, end, (row) => !startsBlock(row)),
	);
}

function plain(kind: BlockKind, start: number, end: number): MarkdownBlock {
	return { kind, start, end, items: [] };
}

/** A list runs on over its items and their indented continuations, and over a blank line between two items. */
function listAt(lines: readonly string[], start: number, end: number): MarkdownBlock {
	const itemStarts: number[] = [];
	let at = start;
	while (at < end) {
		const line = lines[at];
		if (LIST_ITEM.test(line)) itemStarts.push(at);
		else if (line.trim() === "") {
			const next = at + 1 < end ? lines[at + 1] : "";
			if (!LIST_ITEM.test(next) && !/^\s+\S/.test(next)) break;
		} else if (!/^\s/.test(line) || startsBlock(line)) break;
		at++;
	}
	const items = itemStarts.map((itemStart, index) => ({
		start: itemStart,
		end: trimBlank(lines, itemStart, itemStarts[index + 1] ?? at),
	}));
	return { kind: "list", start, end: trimBlank(lines, start, at), items };
}

/** Where the fence opened at `start` closes (the line after it), or `end` when it never does. */
function closingFence(lines: readonly string[], start: number, end: number, marker: string): number {
	for (let at = start + 1; at < end; at++) {
		if (lines[at].trim().startsWith(marker) && lines[at].trim().replace(/[`~]/g, "") === "") return at + 1;
	}
	return end;
}

function runWhile(lines: readonly string[], start: number, end: number, belongs: (line: string) => boolean): number {
	let at = start + 1;
	while (at < end && lines[at].trim() !== "" && belongs(lines[at])) at++;
	return at;
}

/** A line that starts a block of its own, ending a paragraph before it. */
function startsBlock(line: string): boolean {
	return FENCE.test(line) || HEADING.test(line) || QUOTE.test(line) || LIST_ITEM.test(line);
}

function trimBlank(lines: readonly string[], start: number, end: number): number {
	let last = end;
	while (last > start + 1 && lines[last - 1].trim() === "") last--;
	return last;
}
