import { countOf, pageEnd } from "./textPages";

/** The head of a text, at most `maxChars` long, and what was left out. */
export interface Excerpt {
	readonly text: string;
	/** Characters left out after the head; 0 when the text is whole. */
	readonly cutChars: number;
	/** The 1-based line of the text where what was left out begins. */
	readonly cutLine: number;
}

/** The head of `text`, cut at a line where possible; trailing blank lines are not shown. */
export function excerptOf(text: string, maxChars: number): Excerpt {
	const stop = pageEnd(text, 0, maxChars);
	const head = text.slice(0, stop);
	return { text: head.trimEnd(), cutChars: text.length - stop, cutLine: head.split("\n").length };
}

/** `[Cut here: ...]`, telling the model how to read the rest; empty when nothing was cut. */
export function cutNotice(excerpt: Excerpt, readOn: Readonly<Record<string, string | number>>): string[] {
	if (excerpt.cutChars === 0) return [];
	return [
		`[Cut here: ${countOf(excerpt.cutChars, "more character")}. To see them: memory_get ${JSON.stringify(readOn)}.]`,
	];
}
