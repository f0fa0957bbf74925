/** One note in a `memory_search` answer. */
export interface SearchResultEntry {
	readonly path: string;
	readonly line: number;
	/** The heading trail (`A > B`); empty before the first heading. */
	readonly heading: string;
	readonly snippet: string;
}

/** `N. path:line  heading (score)`, as `formatMatches` in the memory tools writes it. */
const RESULT_LINE = /^\d+\. (.+?):(\d+) {2}(.*?) ?\(-?\d+(?:\.\d+)?\)$/;
const SNIPPET_INDENT = "   ";

/**
 * The notes listed in a `memory_search` answer, in order, each with the snippet indented below
 * it. Other lines (a truncation notice, the no-match sentence) are not results and are skipped.
 */
export function parseSearchResults(text: string): SearchResultEntry[] {
	const entries: SearchResultEntry[] = [];
	for (const line of text.split("\n")) {
		const match = RESULT_LINE.exec(line);
		if (match !== null) {
			entries.push({ path: match[1], line: Number(match[2]), heading: match[3], snippet: "" });
			continue;
		}
		const last = entries.at(-1);
		if (last !== undefined && last.snippet === "" && line.startsWith(SNIPPET_INDENT)) {
			entries[entries.length - 1] = { ...last, snippet: line.slice(SNIPPET_INDENT.length) };
		}
	}
	return entries;
}
