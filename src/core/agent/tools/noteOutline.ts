import type { NoteMetadata } from "../../metadata";
import { aliasesOf, noteSections, tokenize } from "../../retrieval";
import { baseName } from "../../vault/paths";
import { markdownBlocks, type MarkdownBlock } from "./markdownBlocks";

/** A section of a note by its lines: the body under one heading, with the heading trail (`A > B`). */
export interface OutlineSection {
	readonly heading: string;
	/** The heading's line (0-based), or the body's first line before the first heading. */
	readonly from: number;
	/** Body lines `[start, end)`, 0-based, the heading's own line not among them. */
	readonly start: number;
	readonly end: number;
	readonly blocks: readonly MarkdownBlock[];
}

/** A note read once for what a search shows of it: its lines, sections and blocks. */
export interface NoteOutline {
	readonly path: string;
	readonly lines: readonly string[];
	readonly sections: readonly OutlineSection[];
	/** The search tokens of the note's title and aliases, which every line of it is under. */
	readonly nameWords: ReadonlySet<string>;
}

export function outlineOf(path: string, content: string, metadata: NoteMetadata | null): NoteOutline {
	const lines = content.split(/\r?\n/);
	const lineStarts = startsOfLines(content);
	const lineOf = (offset: number) => lineAtOffset(lineStarts, offset);
	const sections = noteSections(content, metadata).map((section) => {
		const [startOffset, endOffset] = section.range;
		const start = lineOf(startOffset);
		const end = endOffset <= startOffset ? start : lineOf(endOffset - 1) + 1;
		return {
			heading: section.headingTrail,
			from: section.headingLine === -1 ? start : section.headingLine,
			start,
			end,
			blocks: markdownBlocks(lines, start, end),
		};
	});
	const nameWords = new Set(tokenize([baseName(path), ...aliasesOf(metadata)].join("\n")));
	return { path, lines, sections, nameWords };
}

/** The section `line` (1-based) is in, its heading's line included: the last one that starts at or before it, else the first. */
export function sectionAt(outline: NoteOutline, line: number): OutlineSection {
	let found = outline.sections[0];
	for (const section of outline.sections) if (section.from <= line - 1) found = section;
	return found;
}

function startsOfLines(content: string): number[] {
	const starts = [0];
	for (let offset = content.indexOf("\n"); offset !== -1; offset = content.indexOf("\n", offset + 1))
		starts.push(offset + 1);
	return starts;
}

function lineAtOffset(starts: readonly number[], offset: number): number {
	let low = 0;
	let high = starts.length - 1;
	while (low < high) {
		const middle = (low + high + 1) >> 1;
		if (starts[middle] <= offset) low = middle;
		else high = middle - 1;
	}
	return low;
}
