import type { HeadingCache, NoteMetadata } from "../metadata";
import { LineIndex } from "./lineIndex";
import type { Chunk } from "./noteInput";
import { splitPassages, type OffsetRange, type PassageOptions } from "./passageSplitter";

export const DEFAULT_CHUNKING: PassageOptions = { maxChars: 1200, overlapChars: 150 };

/** A stretch of the body under one heading (or before the first one). */
interface Section {
	readonly headingTrail: string;
	/** The heading's line (0-based), or -1 before the first heading. */
	readonly headingLine: number;
	readonly range: OffsetRange;
}

/**
 * Cuts a note's body into chunks at its headings (the metadata cache knows them, so headings in
 * code blocks or frontmatter are not mistaken for ones), long sections further into passages.
 * Frontmatter is not body text. A heading with nothing under it still gets an empty chunk, so that
 * its words are searchable; a note with no body at all gets one empty chunk, so that its title is.
 */
export function chunkNote(content: string, metadata: NoteMetadata | null, options = DEFAULT_CHUNKING): Chunk[] {
	const lines = new LineIndex(content);
	const codeBlocks = (metadata?.sections ?? [])
		.filter((section) => section.type === "code")
		.map((section): OffsetRange => [section.position.start.offset, section.position.end.offset]);
	const chunks: Chunk[] = [];
	for (const section of sectionsOf(content, metadata, lines)) {
		const passages = splitPassages(content, section.range, codeBlocks, options);
		for (const [start, end] of passages) {
			chunks.push({
				headingTrail: section.headingTrail,
				startLine: lines.lineOf(start) + 1,
				endLine: lines.lineOf(end - 1) + 1,
				text: content.slice(start, end),
			});
		}
		if (passages.length === 0 && section.headingLine !== -1) {
			const line = section.headingLine + 1;
			chunks.push({ headingTrail: section.headingTrail, startLine: line, endLine: line, text: "" });
		}
	}
	if (chunks.length === 0) {
		const line = bodyStartLine(metadata, lines) + 1;
		chunks.push({ headingTrail: "", startLine: line, endLine: line, text: "" });
	}
	return chunks;
}

function sectionsOf(content: string, metadata: NoteMetadata | null, lines: LineIndex): Section[] {
	const bodyStart = bodyStartLine(metadata, lines);
	const headings = [...(metadata?.headings ?? [])]
		.filter((heading) => heading.position.start.line >= bodyStart)
		.sort((a, b) => a.position.start.line - b.position.start.line);
	const sections: Section[] = [];
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

function bodyStartLine(metadata: NoteMetadata | null, lines: LineIndex): number {
	const frontmatter = metadata?.frontmatterPosition;
	return frontmatter ? Math.min(frontmatter.end.line + 1, lines.lineCount) : 0;
}
