import { NO_TAIL, TermTable } from "../../../../src/core/retrieval/indexing/termTable";
import { runToEnd } from "../../../../src/core/retrieval/indexing/steps";
import { extendHash, hashOfRange } from "../../../../src/core/retrieval/text/termHash";

const Y = "y".charCodeAt(0);

describe("TermTable", () => {
	it("finds a term by a range of a longer text, and by the range plus one character", () => {
		const table = new TermTable();
		const note = table.intern("note");
		const query = table.intern("query");
		const text = "daily notes and queries";
		expect(table.idOfRange(text, 6, 10, NO_TAIL, hashOfRange(text, 6, 10))).toBe(note);
		expect(table.idOfRange(text, 16, 20, Y, extendHash(hashOfRange(text, 16, 20), Y))).toBe(query);
		expect(table.idOfRange(text, 6, 11, NO_TAIL, hashOfRange(text, 6, 11))).toBe(-1);
		expect(table.idOfRange(text, 16, 20, NO_TAIL, hashOfRange(text, 16, 20))).toBe(-1);
	});

	it("numbers a new range once, as the string it stands for", () => {
		const table = new TermTable();
		const first = table.internRange("the graph view", 4, 9, NO_TAIL, hashOfRange("the graph view", 4, 9));
		expect(table.intern("graph")).toBe(first);
		expect(table.termOf(first)).toBe("graph");
		expect(table.idOf("graph")).toBe(first);
		expect(table.size).toBe(1);
	});

	it("finds a term by bytes as by a string, and numbers a new one once", () => {
		const table = new TermTable();
		const note = table.intern("note");
		const bytes = new TextEncoder().encode("daily notes and queries");
		const hashOf = (start: number, end: number) => hashOfRange("daily notes and queries", start, end);
		expect(table.idOfBytes(bytes, 6, 10, NO_TAIL, hashOf(6, 10))).toBe(note);
		expect(table.idOfBytes(bytes, 6, 11, NO_TAIL, hashOf(6, 11))).toBe(-1);
		const query = table.internBytes(bytes, 16, 20, Y, extendHash(hashOf(16, 20), Y));
		expect(table.termOf(query)).toBe("query");
		expect(table.intern("query")).toBe(query);
		expect(table.idOfBytes(bytes, 16, 20, NO_TAIL, hashOf(16, 20))).toBe(-1);
		expect(table.size).toBe(2);
	});

	it("tells apart by bytes terms that differ in any one character or in length", () => {
		const table = new TermTable();
		const words = Array.from({ length: 12 }, (_, length) => "abcdefghijkl".slice(0, length + 1));
		const ids = words.map((word) => table.intern(word));
		// Each word at the end of a longer text, and with each of its characters changed in turn.
		const text = words.join(" ");
		const bytes = new TextEncoder().encode(text);
		let start = 0;
		words.forEach((word, index) => {
			expect(table.idOfBytes(bytes, start, start + word.length, NO_TAIL, hashOfRange(word, 0, word.length))).toBe(
				ids[index],
			);
			for (let changed = 0; changed < word.length; changed++) {
				const other = `${word.slice(0, changed)}z${word.slice(changed + 1)}`;
				// The hash of the word itself: only the comparison can tell them apart.
				expect(
					table.idOfBytes(new TextEncoder().encode(other), 0, other.length, NO_TAIL, hashOfRange(word, 0, word.length)),
				).toBe(-1);
			}
			start += word.length + 1;
		});
		expect(table.idOfBytes(bytes, 0, 3, Y, extendHash(hashOfRange("abc", 0, 3), Y))).toBe(-1);
	});

	it("keeps every id as it grows past its first table", () => {
		const table = new TermTable();
		const words = Array.from({ length: 5000 }, (_, index) => `w${index.toString(36)}`);
		const ids = words.map((word) => table.intern(word));
		expect(ids).toEqual(words.map((_, index) => index));
		expect(words.map((word) => table.idOf(word))).toEqual(ids);
		expect(table.idOf("w-missing")).toBe(-1);
	});

	it("tells apart terms of different scripts and surrogate pairs", () => {
		const table = new TermTable();
		const terms = ["知识", "识库", "グラ", "𠀀𠀁", "a", ""];
		const ids = terms.map((term) => table.intern(term));
		expect(new Set(ids).size).toBe(terms.length);
		expect(terms.map((term) => table.idOf(term))).toEqual(ids);
	});
});

describe("TermTable restored from a snapshot's string table", () => {
	const saved = { strings: "graphnote知识", ends: Uint32Array.of(5, 9, 11) };

	it("numbers the saved terms in order and keeps numbering new ones after them", () => {
		const table = new TermTable();
		expect(runToEnd(table.restore(saved, 2))).toBe(true);
		expect(["graph", "note", "知识"].map((term) => table.idOf(term))).toEqual([0, 1, 2]);
		expect(table.termOf(2)).toBe("知识");
		expect(table.intern("canvas")).toBe(3);
		expect(table.intern("note")).toBe(1);
		const bytes = new TextEncoder().encode("graph");
		expect(table.idOfBytes(bytes, 0, 5, NO_TAIL, hashOfRange("graph", 0, 5))).toBe(0);
		expect(table.size).toBe(4);
	});

	it("refuses a table that holds a term twice", () => {
		expect(runToEnd(new TermTable().restore({ strings: "notegraphnote", ends: Uint32Array.of(4, 9, 13) }, 8))).toBe(
			false,
		);
	});
});
