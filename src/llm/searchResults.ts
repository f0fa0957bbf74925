import { BEST_LINE_LABEL, LINKED_FROM_LABEL, LINKED_FROM_NOTE, PASSAGE_INDENT } from "../core/agent/tools";

/** A note, or a line of one, in a `memory_search` answer: where it is and its markdown. */
export interface SearchResultEntry {
	readonly path: string;
	readonly line: number;
	/** The heading trail (`A > B`); empty before the first heading. */
	readonly heading: string;
	readonly text: string;
}

/** A `memory_search` answer read back: the best line, the notes in order, and the notes linked from the first. */
export interface SearchResults {
	readonly best: SearchResultEntry | null;
	readonly matches: readonly SearchResultEntry[];
	readonly linked: { readonly from: string; readonly notes: readonly SearchResultEntry[] } | null;
}

/** `N. path:line  heading (score)`, as `formatMatches` in the memory tools writes it. */
const RESULT_LINE = /^\d+\. (.+?):(\d+) {2}(.*?) ?\(-?\d+(?:\.\d+)?\)$/;
const BEST_LINE = new RegExp(`^${BEST_LINE_LABEL} (.+?):(\\d+)(?: {2}(.*))?$`);
const LINKED_HEADER = new RegExp(`^${LINKED_FROM_LABEL} (.+) ${escaped(LINKED_FROM_NOTE)}$`);
const LINKED_LINE = /^- (.+?):(\d+)(?: {2}(.*))?$/;

type Section = "best" | "matches" | "linked";

/**
 * The parts of a `memory_search` answer, each entry with the markdown indented below it. Other
 * lines (a truncation notice, the no-match sentence) are no part of any entry and are skipped.
 */
export function parseSearchResults(text: string): SearchResults {
	let best: SearchResultEntry | null = null;
	const matches: SearchResultEntry[] = [];
	let linked: { from: string; notes: SearchResultEntry[] } | null = null;
	let current: { section: Section; entry: SearchResultEntry; lines: string[] } | null = null;
	const close = () => {
		if (current === null) return;
		const entry = { ...current.entry, text: current.lines.join("\n").trim() };
		if (current.section === "best") best = entry;
		else if (current.section === "matches") matches.push(entry);
		else linked?.notes.push(entry);
		current = null;
	};
	for (const line of text.split("\n")) {
		const header = headerOf(line, linked !== null);
		if (header !== null) {
			close();
			current = { section: header.section, entry: header.entry, lines: [] };
			continue;
		}
		const linkedFrom = LINKED_HEADER.exec(line);
		if (linkedFrom !== null) {
			close();
			linked = { from: linkedFrom[1], notes: [] };
		} else if (current !== null && (line.startsWith(PASSAGE_INDENT) || line === "")) current.lines.push(line.slice(PASSAGE_INDENT.length));
		else close();
	}
	close();
	return { best, matches, linked };
}

function headerOf(line: string, inLinked: boolean): { section: Section; entry: SearchResultEntry } | null {
	const [section, match] = ((): [Section, RegExpExecArray | null] => {
		const result = RESULT_LINE.exec(line);
		if (result !== null) return ["matches", result];
		const best = BEST_LINE.exec(line);
		if (best !== null) return ["best", best];
		return ["linked", inLinked ? LINKED_LINE.exec(line) : null];
	})();
	return match === null ? null : { section, entry: { path: match[1], line: Number(match[2]), heading: match[3] ?? "", text: "" } };
}

function escaped(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
