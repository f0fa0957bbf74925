import type { Pos, ReferenceCache, TagCache } from "obsidian";
import type { TextSegment } from "../blocks/blockTree";
import { INLINE_TAG } from "../htmlSyntax";
import { type LineIndex, lastAtOrBefore } from "../positions";
import { insideBareUrl } from "../../../src/core/text/tagStart";
import { type LinkTarget, markdownLinkTarget, wikilinkTarget } from "./linkSyntax";
import { matchMarkdownLink } from "./markdownLink";
import { tagLengthAt } from "./tagSyntax";

/** What inline text contributes to the cache, in document order. */
export interface InlineReferences {
	readonly tags: TagCache[];
	readonly links: ReferenceCache[];
	readonly embeds: ReferenceCache[];
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>|<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+>/y;

/** A leaf's lines joined by `\n`, remembering where each character sits in the note. */
class TextRun {
	readonly text: string;
	private readonly starts: number[] = [];

	constructor(private readonly segments: readonly TextSegment[]) {
		let length = 0;
		for (const segment of segments) {
			this.starts.push(length);
			length += segment.text.length + 1;
		}
		this.text = segments.map((segment) => segment.text).join("\n");
	}

	offsetOf(index: number): number {
		const segment = lastAtOrBefore(this.starts, index);
		return this.segments[segment].offset + index - this.starts[segment];
	}

	/** The note position of `text.slice(start, end)`; `end` is mapped through its last character. */
	pos(index: LineIndex, start: number, end: number): Pos {
		return index.pos(this.offsetOf(start), this.offsetOf(end - 1) + 1);
	}
}

function backtickRunLength(text: string, from: number): number {
	let end = from;
	while (text[end] === "`") end += 1;
	return end - from;
}

/** The index after the code span opened at `open`: it closes at a backtick run of the same length. */
function codeSpanEnd(text: string, open: number): number {
	const fenceLength = backtickRunLength(text, open);
	for (let next = text.indexOf("`", open + fenceLength); next >= 0;) {
		const length = backtickRunLength(text, next);
		if (length === fenceLength) return next + length;
		next = text.indexOf("`", next + length);
	}
	return open + fenceLength;
}

/** The index after raw HTML at `open` (comment, tag or autolink), or `open` when there is none. */
function rawHtmlEnd(text: string, open: number): number {
	if (text.startsWith("<!--", open)) {
		const close = text.indexOf("-->", open + 4);
		return close >= 0 ? close + 3 : open;
	}
	for (const pattern of [INLINE_TAG, AUTOLINK]) {
		pattern.lastIndex = open;
		if (pattern.test(text)) return pattern.lastIndex;
	}
	return open;
}

/** A link construct ending at `end`; `target` is `null` for one Obsidian does not index (a URL). */
interface ReferenceMatch {
	readonly end: number;
	readonly target: LinkTarget | null;
}

function readWikilink(text: string, open: number): ReferenceMatch | null {
	if (!text.startsWith("[[", open)) return null;
	const close = text.indexOf("]]", open + 2);
	const inner = close < 0 ? "" : text.slice(open + 2, close);
	if (inner === "" || inner.includes("\n") || inner.includes("[[")) return null;
	return { end: close + 2, target: wikilinkTarget(inner) };
}

function readMarkdownLink(text: string, open: number): ReferenceMatch | null {
	const match = matchMarkdownLink(text, open);
	if (!match) return null;
	const link = markdownLinkTarget(match.destination);
	return { end: match.end, target: link === null ? null : { link, displayText: match.label } };
}

/**
 * Finds tags, links and embeds in a leaf's text. Code spans and raw HTML (comments included) hide
 * what they contain; Obsidian's `%%` comments do not, so they need no handling here.
 */
export function scanInline(segments: readonly TextSegment[], index: LineIndex, found: InlineReferences): void {
	const run = new TextRun(segments);
	const text = run.text;
	let at = 0;
	while (at < text.length) {
		const char = text[at];
		const bracket = char === "!" && text[at + 1] === "[" ? at + 1 : at;
		if (char === "\\" && ASCII_PUNCTUATION.test(text[at + 1] ?? "")) {
			at += 2;
		} else if (char === "`") {
			at = codeSpanEnd(text, at);
		} else if (char === "<") {
			at = Math.max(rawHtmlEnd(text, at), at + 1);
		} else if (text[bracket] === "[") {
			const match = readWikilink(text, bracket) ?? readMarkdownLink(text, bracket);
			if (match?.target) {
				(bracket > at ? found.embeds : found.links).push({
					link: match.target.link,
					original: text.slice(at, match.end),
					displayText: match.target.displayText,
					position: run.pos(index, at, match.end),
				});
			}
			at = match ? match.end : bracket + 1;
		} else if (char === "#") {
			const length = tagLengthAt(text, at);
			// A bare URL's `?q=#top` is no tag to Obsidian, which reads no `#` of a URL as one.
			if (length > 0 && !insideBareUrl(text, at))
				found.tags.push({ tag: text.slice(at, at + length), position: run.pos(index, at, at + length) });
			at += Math.max(length, 1);
		} else {
			at += 1;
		}
	}
}
