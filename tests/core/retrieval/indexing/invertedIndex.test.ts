import { WORK_PER_STEP } from "../../../../src/core/retrieval/indexing/invertedIndex";
import { indexOfVault, noteOf, NOW } from "../vaultFixtures";

/** A long note of `count` distinct words, numbered from `first`, each once. */
function longNote(first: number, count: number): string {
	return `# Long ${first}\n${Array.from({ length: count }, (_, i) => `w${first + i}`).join(" ")}\n`;
}

/** The steps a generator takes before it ends. */
function stepsOf(steps: Generator<void, void>): number {
	let count = 0;
	while (!steps.next().done) count++;
	return count;
}

function answers(index: ReturnType<typeof indexOfVault>): string[][] {
	return ["w7", "w12345", "w29999 w3", "lighthouse"].map((query) =>
		index.search(query, { now: NOW, limit: 5 }).map((hit) => `${hit.path} ${hit.score.toFixed(6)}`),
	);
}

describe("building the postings in steps", () => {
	it("yields between steps of bounded work, even for a handful of long notes", () => {
		// Six notes, 30,000 distinct words in all: once a handful of notes made one step, whatever their length.
		const files: Record<string, string> = {};
		for (let note = 0; note < 6; note++) files[`long/${note}.md`] = longNote(note * 5000, 5000);
		const index = indexOfVault(files);
		// A list per term and field, six fields, each visited to sum the lists' lengths.
		const lists = 6 * 6 * 5000;
		expect(stepsOf(index.catchUp())).toBeGreaterThanOrEqual(Math.floor(lists / WORK_PER_STEP) + 2);
		expect(index.isReady).toBe(true);
		expect(answers(index)[1]).toEqual([expect.stringMatching(/^long\/2\.md /)]);
	});

	it("leaves the index as it was when a rebuild is abandoned, and answers as a fresh index after", () => {
		const files: Record<string, string> = {};
		for (let note = 0; note < 6; note++) files[`long/${note}.md`] = longNote(note * 5000, 5000);
		const index = indexOfVault(files);
		const rebuild = index.catchUp();
		for (let step = 0; step < 3; step++) expect(rebuild.next().done).toBe(false);
		// Abandoned mid-way: nothing of it shows, and the next search builds the postings whole.
		expect(index.isReady).toBe(false);
		files["harbor.md"] = "# Harbor\nThe lighthouse keeper w7.";
		index.upsert(noteOf("harbor.md", files["harbor.md"]));
		expect(answers(index)).toEqual(answers(indexOfVault(files)));
		expect(answers(index).flat().length).toBeGreaterThan(3);
	});
});
