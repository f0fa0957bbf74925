const TAB_STOP = 4;
/** Indentation of four columns or more makes indented code (or a lazy line) instead of a block start. */
export const CODE_INDENT = 4;

export function isSpaceOrTab(char: string | undefined): boolean {
	return char === " " || char === "\t";
}

interface CursorState {
	readonly pos: number;
	readonly column: number;
	readonly partialTab: boolean;
}

/**
 * One line of the note as the block parser reads it, left to right. `pos` is a character index;
 * `column` expands tabs to the next multiple of four, as CommonMark measures indentation. A tab
 * can be consumed partly (a container may need only two of its four columns): `partialTab` then
 * says that `pos` still points at it.
 */
export class LineCursor {
	pos = 0;
	column = 0;
	partialTab = false;
	/** Set by `findNextNonspace`: where the next non-blank character is, and how far indented. */
	nextNonspace = 0;
	nextNonspaceColumn = 0;
	indent = 0;
	blank = false;

	constructor(
		readonly text: string,
		readonly lineStart: number,
		readonly line: number,
	) {}

	/** Where the last scan for the next non-blank character began. */
	private scanStart = Number.POSITIVE_INFINITY;

	findNextNonspace(): void {
		// Still inside the run of blanks the last scan crossed, the answer is the same: columns are
		// counted from the line's start. Rescanning would cost a line indented for thousands of
		// nested items its whole indentation once per item.
		if (this.pos < this.scanStart || this.pos > this.nextNonspace) {
			let index = this.pos;
			let column = this.column;
			for (;;) {
				const char = this.text[index];
				if (char === " ") column += 1;
				else if (char === "\t") column += TAB_STOP - (column % TAB_STOP);
				else break;
				index += 1;
			}
			this.scanStart = this.pos;
			this.nextNonspace = index;
			this.nextNonspaceColumn = column;
		}
		this.blank = this.nextNonspace >= this.text.length;
		this.indent = this.nextNonspaceColumn - this.column;
	}

	get indented(): boolean {
		return this.indent >= CODE_INDENT;
	}

	/** The text from the next non-blank character on (after `findNextNonspace`). */
	get afterIndent(): string {
		return this.text.slice(this.nextNonspace);
	}

	get rest(): string {
		return this.text.slice(this.pos);
	}

	peek(): string | undefined {
		return this.text[this.pos];
	}

	/**
	 * The offset where a block opened at the cursor begins: a container's column, before the
	 * block's own indentation. A partly consumed tab counts as passed, since a position cannot
	 * point inside a character.
	 */
	get blockStart(): number {
		return this.lineStart + this.pos + (this.partialTab ? 1 : 0);
	}

	advanceToNextNonspace(): void {
		this.pos = this.nextNonspace;
		this.column = this.nextNonspaceColumn;
		this.partialTab = false;
	}

	advanceToEnd(): void {
		this.pos = this.text.length;
		this.partialTab = false;
	}

	/** Moves `count` characters, or `count` columns when `byColumns` (tabs then count by width). */
	advance(count: number, byColumns: boolean): void {
		let remaining = count;
		while (remaining > 0 && this.pos < this.text.length) {
			if (this.text[this.pos] === "\t") {
				const toTabStop = TAB_STOP - (this.column % TAB_STOP);
				if (byColumns) {
					const taken = Math.min(toTabStop, remaining);
					this.partialTab = toTabStop > remaining;
					this.column += taken;
					if (!this.partialTab) this.pos += 1;
					remaining -= taken;
				} else {
					this.partialTab = false;
					this.column += toTabStop;
					this.pos += 1;
					remaining -= 1;
				}
			} else {
				this.partialTab = false;
				this.pos += 1;
				this.column += 1;
				remaining -= 1;
			}
		}
	}

	save(): CursorState {
		return { pos: this.pos, column: this.column, partialTab: this.partialTab };
	}

	restore(state: CursorState): void {
		this.pos = state.pos;
		this.column = state.column;
		this.partialTab = state.partialTab;
	}
}
