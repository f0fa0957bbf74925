import { findFrontmatterBlock } from "../text/frontmatterBlock";

/**
 * Pure text operations on markdown sections, for writing into notes the user also edits. Every
 * function here only inserts: each byte of the input survives in place, in order, so a user's
 * text, spacing and line endings are untouched around what the assistant adds.
 */

/** An ATX heading line (`## Title`), outside frontmatter and fenced code. */
export interface HeadingLine {
	readonly level: number;
	readonly title: string;
	/** Offset of the heading line's first character. */
	readonly start: number;
	/** Offset just after the heading line's line break (the content length when there is none). */
	readonly end: number;
}

/** A heading to find or create, as `## Title` is written. */
export interface HeadingSpec {
	readonly level: number;
	readonly title: string;
}

/** A heading's section: its body runs to the next heading of the same or a higher level. */
export interface Section {
	readonly heading: HeadingLine;
	readonly bodyStart: number;
	readonly end: number;
}

/** A line of a note: its text without the line break, from `start` to `end` (after the line break). */
export interface Line {
	readonly text: string;
	readonly start: number;
	readonly end: number;
}

/** The note's line break, so that inserted lines match a note written on Windows. */
export function detectEol(content: string): string {
	return content.includes("\r\n") ? "\r\n" : "\n";
}

/** Parses `## Title`; text without leading hashes is a level-2 heading titled with that text. */
export function parseHeadingSpec(markdown: string): HeadingSpec {
	const match = /^\s*(#{1,6})\s+(.*?)\s*$/.exec(markdown);
	return match ? { level: match[1].length, title: match[2] } : { level: 2, title: markdown.trim() };
}

export function headingText(spec: HeadingSpec): string {
	return `${"#".repeat(spec.level)} ${spec.title}`;
}

/** Titles compare case-insensitively, with runs of spaces, hyphens and underscores alike. */
export function sameTitle(a: string, b: string): boolean {
	return foldTitle(a) === foldTitle(b);
}

function foldTitle(title: string): string {
	return title
		.trim()
		.toLowerCase()
		.replace(/[\s_-]+/g, " ");
}

/** The level and title of an ATX heading line, or `null` when the line is none. */
export function headingOfLine(text: string): HeadingSpec | null {
	const heading = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/.exec(text);
	if (!heading) return null;
	return { level: heading[1].length, title: (heading[2] ?? "").replace(/(^|[ \t]+)#+$/, "").trim() };
}

export function scanHeadings(content: string): HeadingLine[] {
	const headings: HeadingLine[] = [];
	for (const line of proseLines(content)) {
		const heading = headingOfLine(line.text);
		if (heading) headings.push({ ...heading, start: line.start, end: line.end });
	}
	return headings;
}

/**
 * The lines of a note where markdown structure (headings, callouts) can be: every line outside
 * the frontmatter and outside fenced code, fence lines excluded, in order.
 */
export function proseLines(content: string): Line[] {
	const prose: Line[] = [];
	const lines = splitLines(content);
	let fence: string | null = null;
	for (let index = frontmatterLineCount(content); index < lines.length; index++) {
		const line = lines[index];
		const inCode = fence !== null;
		fence = fenceAfter(fence, line.text);
		if (!inCode && fence === null) prose.push(line);
	}
	return prose;
}

/**
 * The code fence open after `line` (its backticks or tildes), given the one open before it, as
 * `proseLines` reads fences: a line opening a fence, or inside one, is no prose.
 */
export function fenceAfter(open: string | null, line: string): string | null {
	const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1] ?? null;
	if (open === null) return fenceMark;
	const closes =
		fenceMark !== null && fenceMark[0] === open[0] && fenceMark.length >= open.length && line.trim() === fenceMark;
	return closes ? null : open;
}

/**
 * The lines that start at the left margin (their first character is neither a space nor a tab),
 * outside the frontmatter and outside fenced code opened at the margin, in order. What a tool
 * writes for the model never starts there: a memory entry is a list item whose further lines are
 * indented, the assistant's callout lines begin with `>`. A fence the model opens inside its entry
 * is indented too, so it cannot hide the margin lines that follow.
 */
export function marginLines(content: string): Line[] {
	const margin: Line[] = [];
	const lines = splitLines(content);
	let fence: string | null = null;
	for (let index = frontmatterLineCount(content); index < lines.length; index++) {
		const line = lines[index];
		const fenceMark = /^(`{3,}|~{3,})/.exec(line.text)?.[1] ?? null;
		if (fence !== null) {
			if (
				fenceMark !== null &&
				fenceMark[0] === fence[0] &&
				fenceMark.length >= fence.length &&
				line.text.trimEnd() === fenceMark
			)
				fence = null;
		} else if (fenceMark !== null) {
			fence = fenceMark;
		} else if (line.text !== "" && !/^[ \t]/.test(line.text)) {
			margin.push(line);
		}
	}
	return margin;
}

/** The section of the first heading that `matches`, among those starting in `[from, to)`. */
export function findSection(
	content: string,
	matches: (heading: HeadingLine) => boolean,
	from = 0,
	to = content.length,
): Section | null {
	const headings = scanHeadings(content);
	const index = headings.findIndex((heading) => heading.start >= from && heading.start < to && matches(heading));
	if (index === -1) return null;
	const heading = headings[index];
	const next = headings.slice(index + 1).find((other) => other.level <= heading.level);
	return { heading, bodyStart: heading.end, end: next ? next.start : content.length };
}

/**
 * Inserts `block` at the end of the section reached by following `chain` (each heading looked up
 * inside the previous one's section), after the section's last non-blank line so that blank lines
 * before the next heading stay where they are. Missing headings of the chain are created at the
 * end of their parent section (or of the note).
 */
export function insertUnderHeadings(content: string, chain: readonly HeadingSpec[], block: string): string {
	const eol = detectEol(content);
	let from = 0;
	let to = content.length;
	for (let depth = 0; depth < chain.length; depth++) {
		const spec = chain[depth];
		const section = findSection(content, (h) => h.level === spec.level && sameTitle(h.title, spec.title), from, to);
		if (section === null) {
			const missing = chain.slice(depth).map(headingText);
			const at = endOfText(content, from, to);
			// A blank line sets a new heading off from text above it, but not from its empty parent's heading.
			const blankLine = content.slice(0, at).trim() !== "" && !(depth > 0 && at === from);
			return insertLines(content, at, [...(blankLine ? [""] : []), ...missing, ...blockLines(block)], eol);
		}
		from = section.bodyStart;
		to = section.end;
	}
	return insertLines(content, endOfText(content, from, to), blockLines(block), eol);
}

/** Inserts `block` after the last non-blank line of `section` (see `insertUnderHeadings`). */
export function insertIntoSection(content: string, section: Section, block: string): string {
	return insertLines(
		content,
		endOfText(content, section.bodyStart, section.end),
		blockLines(block),
		detectEol(content),
	);
}

/**
 * Appends `block` at the end of the note: as the next line (`"line"`, for list entries) or after a
 * blank line (`"paragraph"`, for a new section).
 */
export function appendBlock(content: string, block: string, gap: "line" | "paragraph"): string {
	const eol = detectEol(content);
	// After the line break that ends the last non-blank line, a further line break is a blank line.
	const endsWithBlankLine = content.slice(endOfText(content, 0, content.length)).includes("\n");
	const separator = gap === "paragraph" && content.trim() !== "" && !endsWithBlankLine ? eol : "";
	const lead = content === "" || content.endsWith("\n") ? "" : eol;
	return `${content}${lead}${separator}${blockLines(block).join(eol)}${eol}`;
}

/** The text of a section's body without its trailing blank lines. */
export function sectionBody(content: string, section: Section): string {
	return content
		.slice(section.bodyStart, section.end)
		.replace(/^\s*\n/, "")
		.replace(/\s+$/, "");
}

function blockLines(block: string): string[] {
	return block.replace(/\s+$/, "").split(/\r?\n/);
}

/** Where `[from, to)` stops holding text: just after the line break that ends its last non-blank line. */
function endOfText(content: string, from: number, to: number): number {
	const trimmed = from + content.slice(from, to).replace(/\s+$/, "").length;
	if (trimmed === from) return from;
	const lineBreak = content.indexOf("\n", trimmed);
	return lineBreak === -1 || lineBreak >= to ? trimmed : lineBreak + 1;
}

/** Inserts whole lines at `at`, which is the start of a line or the end of the content. */
function insertLines(content: string, at: number, lines: string[], eol: string): string {
	const atLineStart = at === 0 || content[at - 1] === "\n";
	const lead = atLineStart ? "" : eol;
	// At the very end of a note without a final line break, the note's style is kept.
	const trail = at === content.length && !atLineStart ? "" : eol;
	return `${content.slice(0, at)}${lead}${lines.join(eol)}${trail}${content.slice(at)}`;
}

function splitLines(content: string): Line[] {
	const lines: Line[] = [];
	let start = 0;
	while (start < content.length) {
		const lineBreak = content.indexOf("\n", start);
		const end = lineBreak === -1 ? content.length : lineBreak + 1;
		lines.push({ text: content.slice(start, end).replace(/\r?\n$/, ""), start, end });
		start = end;
	}
	return lines;
}

/** How many lines the properties block at the top takes, its fences included; 0 without one. */
function frontmatterLineCount(content: string): number {
	const block = findFrontmatterBlock(content);
	return block === null ? 0 : block.closingLine + 1;
}
