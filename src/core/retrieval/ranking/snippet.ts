import type { SearchHit } from "../searchTypes";
import { tokenize } from "../text/tokenizer";

export const DEFAULT_SNIPPET_CHARS = 300;

/** Where a hit is, precisely, and the text around it. */
export interface Snippet {
	/** 1-based: the first line of the hit's chunk where one of its matched terms occurs. */
	readonly line: number;
	readonly text: string;
}

/**
 * The snippet of a hit, from the note's current content: the index keeps no text (a vault's worth
 * of it would not fit the memory budget), so the caller reads the note, which it does anyway to
 * show or quote it. Starts at the first line of the chunk that holds a matched term, a little
 * before the term when the line is long, and runs on over the following lines up to `maxChars`.
 */
export function snippetOf(
	content: string,
	hit: Pick<SearchHit, "line" | "endLine" | "matchedTerms">,
	maxChars = DEFAULT_SNIPPET_CHARS,
): Snippet {
	const lines = content.split(/\r?\n/);
	const first = Math.max(1, Math.min(hit.line, lines.length));
	const last = Math.max(first, Math.min(hit.endLine, lines.length));
	const terms = new Set(hit.matchedTerms);
	let line = first;
	for (let candidate = first; candidate <= last; candidate++) {
		if (tokenize(lines[candidate - 1]).some((token) => terms.has(token))) {
			line = candidate;
			break;
		}
	}
	const hitLine = lines[line - 1];
	const offset = firstOccurrence(hitLine, hit.matchedTerms);
	// Start a third of the way back from the term, at a word, so the snippet shows what leads to it.
	const start = offset > maxChars / 2 ? hitLine.lastIndexOf(" ", offset - Math.floor(maxChars / 3)) + 1 : 0;
	const text = [hitLine.slice(start), ...lines.slice(line, last)].join(" ").replace(/\s+/g, " ").trim();
	return { line, text: bounded(start > 0 ? `…${text}` : text, maxChars) };
}

function firstOccurrence(line: string, terms: readonly string[]): number {
	const lower = line.toLowerCase();
	const offsets = terms.map((term) => lower.indexOf(term)).filter((offset) => offset !== -1);
	return offsets.length === 0 ? 0 : Math.min(...offsets);
}

/** At most `maxChars` characters, cut at a word when there is one, with an ellipsis for what is left out. */
function bounded(text: string, maxChars: number): string {
	if (text.length <= maxChars) return text;
	const cut = text.lastIndexOf(" ", maxChars - 1);
	return `${text.slice(0, cut > maxChars / 2 ? cut : maxChars - 1)}…`;
}
