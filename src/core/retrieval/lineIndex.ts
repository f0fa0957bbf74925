/** Maps offsets of a text to its lines (0-based here; chunks report them 1-based). */
export class LineIndex {
	private readonly starts: number[] = [0];

	constructor(readonly text: string) {
		for (let offset = text.indexOf("\n"); offset !== -1; offset = text.indexOf("\n", offset + 1)) {
			this.starts.push(offset + 1);
		}
	}

	get lineCount(): number {
		return this.starts.length;
	}

	/** Offset of the first character of `line`, or the text's length past the last line. */
	startOf(line: number): number {
		return line < this.starts.length ? this.starts[line] : this.text.length;
	}

	/** The line that holds the character at `offset`. */
	lineOf(offset: number): number {
		let low = 0;
		let high = this.starts.length - 1;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if (this.starts[middle] <= offset) low = middle;
			else high = middle - 1;
		}
		return low;
	}
}
