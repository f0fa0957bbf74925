import { withLength } from "./typedArrays";

/**
 * Many strings as one: their concatenation and where each ends. Structured cloning copies one
 * long string and one typed array about as fast as memory can be copied, where a hundred
 * thousand short strings would be cloned one by one.
 */
export interface StringTable {
	readonly strings: string;
	/** Where string `i` ends in `strings` (UTF-16 units); it starts where string `i - 1` ends. */
	readonly ends: Uint32Array;
}

/** Collects a table's strings, joining them a batch at a time (`joinBatch`, between two steps of the caller's work). */
export class StringTableWriter {
	private readonly pieces: string[] = [];
	private batch: string[] = [];
	private ends = new Uint32Array(0);
	private count = 0;
	private length = 0;

	add(string: string): void {
		this.batch.push(string);
		this.ends = withLength(this.ends, this.count + 1);
		this.ends[this.count++] = this.length += string.length;
	}

	joinBatch(): void {
		if (this.batch.length === 0) return;
		this.pieces.push(this.batch.join(""));
		this.batch = [];
	}

	/** The table; its `ends` a copy of exactly the right length, so that cloning it copies nothing more. */
	finish(): StringTable {
		this.joinBatch();
		return { strings: this.pieces.join(""), ends: this.ends.slice(0, this.count) };
	}
}

const NONE: readonly string[] = Object.freeze([]);

/** Reads a table's strings in order. */
export class StringReader {
	private index = 0;
	private start = 0;

	constructor(private readonly table: StringTable) {}

	next(): string {
		const end = this.table.ends[this.index++];
		const string = this.table.strings.slice(this.start, end);
		this.start = end;
		return string;
	}

	/** The next `count` strings; most notes have no tags or aliases, and share one empty list. */
	take(count: number): readonly string[] {
		if (count === 0) return NONE;
		const strings = new Array<string>(count);
		for (let index = 0; index < count; index++) strings[index] = this.next();
		return strings;
	}
}
