import type { Loc, Pos } from "obsidian";

/** The index of the last entry of an ascending list that is at most `value` (0 when none is). */
export function lastAtOrBefore(sorted: readonly number[], value: number): number {
	let low = 0;
	let high = sorted.length - 1;
	while (low < high) {
		const middle = (low + high + 1) >> 1;
		if (sorted[middle] <= value) low = middle;
		else high = middle - 1;
	}
	return low;
}

/**
 * The lines of a note and the conversions between offsets and Obsidian's `{line, col, offset}`
 * locations (all 0-based). A line's text excludes its line break, which may be `\n` or `\r\n`.
 */
export class LineIndex {
	private readonly starts: number[] = [0];
	private readonly ends: number[] = [];

	constructor(readonly content: string) {
		const lineBreak = /\r?\n/g;
		for (let match = lineBreak.exec(content); match; match = lineBreak.exec(content)) {
			this.ends.push(match.index);
			this.starts.push(match.index + match[0].length);
		}
		this.ends.push(content.length);
	}

	get lineCount(): number {
		return this.starts.length;
	}

	lineStart(line: number): number {
		return this.starts[line];
	}

	/** The offset just past the line's last character, before its line break. */
	lineEnd(line: number): number {
		return this.ends[line];
	}

	lineText(line: number): string {
		return this.content.slice(this.starts[line], this.ends[line]);
	}

	loc(offset: number): Loc {
		const line = lastAtOrBefore(this.starts, offset);
		return { line, col: offset - this.starts[line], offset };
	}

	pos(start: number, end: number): Pos {
		return { start: this.loc(start), end: this.loc(end) };
	}
}
