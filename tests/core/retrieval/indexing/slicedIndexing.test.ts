import { indexInSlices, RetrievalIndex, type IndexProgress, type NoteInput } from "../../../../src/core/retrieval";
import { indexOfVault, noteOf, NOW, policyFor } from "../vaultFixtures";

const files: Record<string, string> = {};
for (let i = 0; i < 300; i++) files[`notes/${i}.md`] = `# Note ${i}\nTopic ${i % 7}: harbor, lighthouse ${i}.`;
const notes = Object.entries(files).map(([path, content]) => noteOf(path, content));

describe("indexing in time slices", () => {
	it("yields to the host whenever a slice has used its time, reports progress, and ends ready", async () => {
		let clock = 0;
		const progress: IndexProgress[] = [];
		let yields = 0;
		const index = new RetrievalIndex(policyFor());
		const finished = await indexInSlices(index, notes, {
			sliceMs: 1,
			now: () => clock++, // every look at the clock costs a millisecond
			yieldToHost: async () => {
				yields++;
			},
			total: notes.length,
			onProgress: (update) => progress.push(update),
		});
		expect(finished).toEqual({ done: 300, total: 300, finishing: false });
		expect(yields).toBeGreaterThan(10);
		expect(progress.filter((update) => !update.finishing).map((update) => update.done)).toEqual(
			[...progress.filter((update) => !update.finishing).map((update) => update.done)].sort((a, b) => a - b),
		);
		expect(progress.some((update) => update.finishing)).toBe(true);
		expect(index.isReady).toBe(true);
		expect(index.search("lighthouse 42", { now: NOW })).toEqual(
			indexOfVault(files).search("lighthouse 42", { now: NOW }),
		);
	});

	it("reads notes from an async source", async () => {
		async function* source(): AsyncGenerator<NoteInput> {
			for (const note of notes) yield await Promise.resolve(note);
		}
		const index = new RetrievalIndex(policyFor());
		const finished = await indexInSlices(index, source(), {
			sliceMs: 30,
			now: () => 0,
			yieldToHost: () => Promise.resolve(),
		});
		expect(finished).toEqual({ done: 300, total: null, finishing: false });
		expect(index.stats().notes).toBe(300);
	});
});
