import { indexInSlices, RetrievalIndex } from "../../../src/core/retrieval";
import { runToEnd } from "../../../src/core/retrieval/indexing/steps";
import { indexOfVault, lettersWord, noteOf, policyFor, searchPaths } from "./vaultFixtures";

// Thousands of words come first, so that "daily" is among the last terms the typo index takes in.
const files = {
	"glossary.md": Array.from({ length: 6000 }, (_, n) => lettersWord(n)).join(" "),
	"journal.md": "The daily review of the harbor.",
	"recipe.md": "食盐水很咸。",
};

/** The index of `files` as a later session gets it back: restored from its snapshot. */
function restored(): RetrievalIndex {
	return RetrievalIndex.fromSnapshot(indexOfVault(files).toSnapshot(), policyFor());
}

describe("the typo index of a restored vocabulary", () => {
	it("is made by the first query with a typo when nothing prepares it ahead", () => {
		expect(searchPaths(restored(), "dialy")).toEqual(["journal.md"]);
	});

	it("is left to the slices preparing it: a query meanwhile corrects only from what they have made", () => {
		const index = restored();
		const preparation = index.prepareTypoCorrection();
		preparation.next();
		expect(searchPaths(index, "dialy")).toEqual([]);
		expect(searchPaths(index, "harbor")).toEqual(["journal.md"]);
		runToEnd(preparation);
		expect(searchPaths(index, "dialy")).toEqual(["journal.md"]);
	});

	it("does not keep a query of one CJK character from its notes while slices prepare it", () => {
		const index = restored();
		const preparation = index.prepareTypoCorrection();
		preparation.next();
		expect(searchPaths(index, "盐")).toEqual(["recipe.md"]);
	});

	it("lets a build go on while slices prepare it, rather than taking it in with the build's first note", async () => {
		const index = restored();
		const preparation = index.prepareTypoCorrection();
		preparation.next();
		const notesDone: number[] = [];
		await indexInSlices(index, [noteOf("a.md", "alpha"), noteOf("b.md", "beta")], {
			sliceMs: 0,
			now: () => 0,
			yieldToHost: () => Promise.resolve(),
			onProgress: (update) => {
				if (!update.finishing) notesDone.push(update.done);
			},
		});
		// A slice or two a note, not the thousands of words the preparation is still taking in.
		expect(notesDone.filter((done) => done < 2).length).toBeLessThanOrEqual(4);
		runToEnd(preparation);
		expect(searchPaths(index, "dialy")).toEqual(["journal.md"]);
	});

	it("is made by queries again once a build in slices that was preparing it failed", async () => {
		const index = restored();
		let reports = 0;
		const failing = indexInSlices(index, [noteOf("short.md", "harbor")], {
			sliceMs: 0,
			now: () => 0,
			yieldToHost: () => Promise.resolve(),
			onProgress: () => {
				if (++reports === 3) throw new Error("the status bar is gone");
			},
		});
		await expect(failing).rejects.toThrow("the status bar is gone");
		expect(searchPaths(index, "dialy")).toEqual(["journal.md"]);
	});

	it("is made by queries again once a preparation is given up", () => {
		const index = restored();
		const preparation = index.prepareTypoCorrection();
		preparation.next();
		preparation.return();
		expect(searchPaths(index, "dialy")).toEqual(["journal.md"]);
	});
});
