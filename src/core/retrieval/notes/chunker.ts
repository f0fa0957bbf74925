import type { HeadingCache, NoteMetadata } from "../../metadata";
import { LineIndex } from "./lineIndex";
import type { Chunk } from "./noteInput";
import { splitPassages, type OffsetRange, type PassageOptions } from "./passageSplitter";

export const DEFAULT_CHUNKING: PassageOptions = { maxChars: 1200, overlapChars: 150 };

const NO_CODE_BLOCKS: readonly OffsetRange[] = [];
/** The lines of the note being chunked: chunking runs one note at a time, start to end, so one index serves all. */
const NOTE_LINES = new LineIndex();

/** A stretch of the body under one heading (or before the first one). */
export interface NoteSection {
	readonly headingTrail: string;
	/** The heading's line (0-based), or -1 before the first heading. */
	readonly headingLine: number;
	readonly range: OffsetRange;
}

/** A chunk as the note's index reads it: where its text stands in the note, `content.slice(start, end)`. */
export interface ChunkRange {
	readonly headingTrail: string;
	readonly startLine: number;
	readonly endLine: number;
	readonly start: number;
	readonly end: number;
}

/**
 * Cuts a note's body into chunks at its headings (the metadata cache knows them, so headings in
 * code blocks or frontmatter are not mistaken for ones), long sections further into passages.
 * Frontmatter is not body text. A heading with nothing under it still gets an empty chunk, so that
 * its words are searchable; a note with no body at all gets one empty chunk, so that its title is.
 */
export function chunkNote(content: string, metadata: NoteMetadata | null, options = DEFAULT_CHUNKING): Chunk[] {
	return chunkRanges(content, metadata, options).map((chunk) => ({
		headingTrail: chunk.headingTrail,
		startLine: chunk.startLine,
		endLine: chunk.endLine,
		text: content.slice(chunk.start, chunk.end),
	}));
}

/** The chunks of `chunkNote`, as ranges of `content`. */
export function chunkRanges(content: string, metadata: NoteMetadata | null, options = DEFAULT_CHUNKING): ChunkRange[] {
	const lines = NOTE_LINES.read(content);
	let codeBlocks: OffsetRange[] | null = null;
	const chunks: ChunkRange[] = [];
	for (const section of sectionsOf(content, metadata, lines)) {
		// Only a cut looks at code blocks, and only a section longer than a passage is cut: most notes need no list of them.
		const blocks =
			section.range[1] - section.range[0] > options.maxChars ? (codeBlocks ??= codeBlocksOf(metadata)) : NO_CODE_BLOCKS;
		const passages = splitPassages(content, section.range, blocks, options);
		for (const [start, end] of passages) {
			chunks.push({
				headingTrail: section.headingTrail,
				startLine: lines.lineOf(start) + 1,
				endLine: lines.lineOf(end - 1) + 1,
				start,
				end,
			});
		}
		if (passages.length === 0 && section.headingLine !== -1) {
			const line = section.headingLine + 1;
			chunks.push({ headingTrail: section.headingTrail, startLine: line, endLine: line, start: 0, end: 0 });
		}
	}
	if (chunks.length === 0) {
		const line = bodyStartLine(metadata, lines) + 1;
		chunks.push({ headingTrail: "", startLine: line, endLine: line, start: 0, end: 0 });
	}
	return chunks;
}

/** Where the code blocks are: a passage ends inside one only at a line. */
function codeBlocksOf(metadata: NoteMetadata | null): OffsetRange[] {
	const blocks: OffsetRange[] = [];
	for (const section of metadata?.sections ?? []) {
		if (section.type === "code") blocks.push([section.position.start.offset, section.position.end.offset]);
	}
	return blocks;
}

/**
 * The note's body cut at its headings, each stretch with its heading trail (`A > B`): the sections
 * chunks are cut from, for whoever shows a note's text under the heading a search names.
 */
export function noteSections(content: string, metadata: NoteMetadata | null): NoteSection[] {
	return sectionsOf(content, metadata, new LineIndex(content));
}

function sectionsOf(content: string, metadata: NoteMetadata | null, lines: LineIndex): NoteSection[] {
	const bodyStart = bodyStartLine(metadata, lines);
	const headings = (metadata?.headings ?? []).filter((heading) => heading.position.start.line >= bodyStart);
	// The metadata cache lists headings in order: sorting is rarely needed.
	if (!isInLineOrder(headings)) headings.sort((a, b) => a.position.start.line - b.position.start.line);
	const sections: NoteSection[] = [];
	const firstHeadingOffset = headings.length > 0 ? headings[0].position.start.offset : content.length;
	sections.push({ headingTrail: "", headingLine: -1, range: [lines.startOf(bodyStart), firstHeadingOffset] });
	const trail: HeadingCache[] = [];
	headings.forEach((heading, index) => {
		while (trail.length > 0 && trail[trail.length - 1].level >= heading.level) trail.pop();
		trail.push(heading);
		const next = headings[index + 1];
		sections.push({
			headingTrail: trail.map((above) => above.heading).join(" > "),
			headingLine: heading.position.start.line,
			// The body starts below the heading, which may span two lines (a setext heading).
			range: [lines.startOf(heading.position.end.line + 1), next ? next.position.start.offset : content.length],
		});
	});
	return sections;
}

function isInLineOrder(headings: readonly HeadingCache[]): boolean {
	for (let index = 1; index < headings.length; index++) {
		if (headings[index - 1].position.start.line > headings[index].position.start.line) return false;
	}
	return true;
}

function bodyStartLine(metadata: NoteMetadata | null, lines: LineIndex): number {
	const frontmatter = metadata?.frontmatterPosition;
	return frontmatter ? Math.min(frontmatter.end.line + 1, lines.lineCount) : 0;
}
