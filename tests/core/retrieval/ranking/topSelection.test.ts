import { selectTop, TopScores } from "../../../../src/core/retrieval/ranking/topSelection";

/** Numbers from a small linear congruential generator: the same on every run. */
function numbers(count: number, seed: number): number[] {
	let state = seed;
	return Array.from({ length: count }, () => {
		state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
		return state % 1000;
	});
}

describe("the k best scores", () => {
	it.each([1, 3, 5, 20, 64])("TopScores holds the %i-th highest of numbers added in any order", (k) => {
		for (const seed of [1, 2, 3]) {
			const added = numbers(500, seed);
			const top = new TopScores(k);
			for (const score of added) top.add(score);
			expect(top.lowest).toBe([...added].sort((a, b) => b - a)[k - 1]);
		}
	});

	it("TopScores has no k-th highest before k numbers, and counts equal ones each", () => {
		const top = new TopScores(3);
		top.add(7);
		top.add(7);
		expect(top.lowest).toBeNull();
		top.add(2);
		expect(top.lowest).toBe(2);
		top.add(7);
		expect(top.lowest).toBe(7);
	});

	it("selectTop orders the best items, equal scores by the tie-break, whatever their order", () => {
		const scores = Float64Array.from([3, 9, 3, 9, 1, 9]);
		const before = (a: number, b: number) => a < b;
		expect(selectTop(scores, scores.length, 4, before)).toEqual([1, 3, 5, 0]);
	});
});
