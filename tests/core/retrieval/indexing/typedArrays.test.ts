import { pagedIn, withLength } from "../../../../src/core/retrieval/indexing/typedArrays";

describe("typed arrays", () => {
	it("grow by doubling and keep what they held", () => {
		const array = Uint32Array.of(7, 8, 9);
		expect(withLength(array, 2)).toBe(array);
		const grown = withLength(array, 4);
		expect(grown.length).toBe(64);
		expect(Array.from(grown.subarray(0, 4))).toEqual([7, 8, 9, 0]);
	});

	it("are written over from start to end a megabyte a step, so that no step faults in a whole large table", () => {
		const array = new Uint32Array(1_000_000).fill(5);
		const steps = pagedIn(array);
		steps.next();
		// A megabyte of four-byte elements: the first 262,144 written, the rest not yet.
		expect(array[262_143]).toBe(0);
		expect(array[262_144]).toBe(5);
		let more = 1;
		while (!steps.next().done) more++;
		expect(more).toBe(4);
		expect(array.every((value) => value === 0)).toBe(true);
	});
});
