import { withLength } from "../indexing/typedArrays";

/** Maps offsets of a text to its lines (0-based here; chunks report them 1-based). */
export class LineIndex {
	private starts = new Int32Array(64);
	private count = 0;
	private current = "";

	constructor(text = "") {
		this.read(text);
	}

	/** The text whose lines it maps. */
	get text(): string {
		return this.current;
	}

	/**
	 * Maps the lines of `text` in place of the text before, in the same memory: chunking, which
	 * reads one note's lines after another's, then makes no garbage of line starts per note.
	 */
	read(text: string): this {
		let starts = this.starts;
		starts[0] = 0;
		let count = 1;
		for (let offset = text.indexOf("\n"); offset !== -1; offset = text.indexOf("\n", offset + 1)) {
			if (count === starts.length) starts = withLength(starts, count + 1);
			starts[count++] = offset + 1;
		}
		this.starts = starts;
		this.count = count;
		this.current = text;
		return this;
	}

	get lineCount(): number {
		return this.count;
	}

	/** Offset of the first character of `line`, or the text's length past the last line. */
	startOf(line: number): number {
		return line < this.count ? this.starts[line] : this.current.length;
	}

	/** The line that holds the character at `offset`. */
	lineOf(offset: number): number {
		let low = 0;
		let high = this.count - 1;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if (this.starts[middle] <= offset) low = middle;
			else high = middle - 1;
		}
		return low;
	}
}
