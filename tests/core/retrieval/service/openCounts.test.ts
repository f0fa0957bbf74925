import {
	MAX_OPEN_NOTES,
	MAX_OPEN_WEIGHT,
	OPEN_HALF_LIFE_MS,
	OpenCounts,
} from "../../../../src/core/retrieval/service/openCounts";

describe("open counts", () => {
	it("count each open, and halve every half-life", () => {
		const counts = new OpenCounts();
		counts.record("a.md", 0);
		counts.record("a.md", 0);
		expect(counts.weights(0).get("a.md")).toBe(2);
		expect(counts.weights(OPEN_HALF_LIFE_MS).get("a.md")).toBeCloseTo(1);
		counts.record("a.md", OPEN_HALF_LIFE_MS);
		expect(counts.weights(OPEN_HALF_LIFE_MS).get("a.md")).toBeCloseTo(2);
	});

	it("are capped per note and in the number of notes, forgetting the least used first", () => {
		const counts = new OpenCounts();
		for (let i = 0; i < 100; i++) counts.record("busy.md", 0);
		expect(counts.weights(0).get("busy.md")).toBe(MAX_OPEN_WEIGHT);
		for (let i = 0; i <= MAX_OPEN_NOTES; i++) counts.record(`n${i}.md`, i);
		const weights = counts.weights(MAX_OPEN_NOTES);
		expect(weights.size).toBe(MAX_OPEN_NOTES);
		expect(weights.has("busy.md")).toBe(true);
		expect(weights.has("n0.md")).toBe(false);
	});

	it("forget notes opened long ago, and follow renames and deletions", () => {
		const counts = new OpenCounts();
		counts.record("old.md", 0);
		counts.record("a.md", 0);
		counts.rename("a.md", "b.md");
		expect([...counts.weights(0).keys()]).toEqual(["old.md", "b.md"]);
		counts.forget("b.md");
		expect(counts.weights(10 * OPEN_HALF_LIFE_MS).size).toBe(0);
	});

	it("come back from the store as saved, dropping what is not well formed", () => {
		const counts = new OpenCounts();
		counts.record("a.md", 5);
		const saved = [
			...counts.toSaved(),
			{ path: 3, weight: 1, at: 0 } as never,
			{ path: "b.md", weight: Number.NaN, at: 0 },
		];
		expect(OpenCounts.restore(saved).toSaved()).toEqual([{ path: "a.md", weight: 1, at: 5 }]);
		expect(OpenCounts.restore(null).toSaved()).toEqual([]);
	});
});
