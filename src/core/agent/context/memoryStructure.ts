import { scanHeadings } from "../../text/markdownSections";
import type { LineIndex } from "../../retrieval/notes/lineIndex";

/**
 * What is "hot" in long-term memory: the user's preferences, the current state and
 * the rules, which the assistant must never forget whatever the question. In `memory.md` they
 * are the sections under headings that say so, in English, Chinese or Japanese.
 */
const HOT_TITLE =
	/\b(?:preferences?|current (?:state|status)|status|rules?|constraints?)\b|偏好|当前状态|现状|规则|约束|禁令|好み|現在の状態|ルール/i;

function isHotTitle(title: string): boolean {
	return HOT_TITLE.test(title);
}

/** Lines of a note, 0-based, `end` exclusive. */
export interface LineSpan {
	readonly start: number;
	readonly end: number;
}

export interface MemoryStructure {
	/**
	 * The hot sections in document order, each from its heading to the next heading of the same
	 * or a higher level; a hot section inside another is part of it.
	 */
	readonly hotSpans: readonly LineSpan[];
	/** The lines that start an entry: a heading, or the first line after a blank one. */
	readonly entryStarts: ReadonlySet<number>;
}

export function memoryStructure(lines: LineIndex): MemoryStructure {
	const headings = scanHeadings(lines.text);
	const headingLines = headings.map((heading) => lines.lineOf(heading.start));
	const hotSpans: LineSpan[] = [];
	headings.forEach((heading, index) => {
		const start = headingLines[index];
		const last = hotSpans[hotSpans.length - 1] as LineSpan | undefined;
		if (!isHotTitle(heading.title) || (last !== undefined && start < last.end)) return;
		const next = headings.findIndex((other, otherIndex) => otherIndex > index && other.level <= heading.level);
		hotSpans.push({ start, end: next === -1 ? lines.lineCount : headingLines[next] });
	});

	const entryStarts = new Set([0, ...headingLines]);
	for (let line = 1; line < lines.lineCount; line++) {
		if (lineText(lines, line - 1).trim() === "") entryStarts.add(line);
	}
	return { hotSpans, entryStarts };
}

/** A line's text with its line break. */
export function lineText(lines: LineIndex, line: number): string {
	return lines.text.slice(lines.startOf(line), lines.startOf(line + 1));
}
