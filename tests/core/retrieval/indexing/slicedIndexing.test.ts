import { indexInSlices, RetrievalIndex, type IndexProgress, type NoteInput } from "../../../../src/core/retrieval";
import { CHARS_PER_STEP } from "../../../../src/core/retrieval/notes/noteAnalyzer";
import { indexOfVault, noteOf, NOW, policyFor } from "../vaultFixtures";

const files: Record<string, string> = {};
for (let i = 0; i < 299; i++) files[`notes/${i}.md`] = `# Note ${i}\nTopic ${i % 7}: harbor, lighthouse ${i}.`;
// A vocabulary large enough that building the postings takes several steps.
files["notes/glossary.md"] = Array.from({ length: 20_000 }, (_, i) => `g${i}`).join(" ");
const notes = Object.entries(files).map(([path, content]) => noteOf(path, content));

describe("indexing in time slices", () => {
	it("yields to the host whenever a slice has used its time, reports progress, and ends ready", async () => {
		let clock = 0;
		const progress: IndexProgress[] = [];
		let yields = 0;
		const index = new RetrievalIndex(policyFor());
		const finished = await indexInSlices(index, notes, {
			sliceMs: 3,
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

	it("keeps the postings compact once a search has made them mid-build, so that no later search waits for a rebuild", async () => {
		const wordy: Record<string, string> = {};
		for (let i = 0; i < 400; i++)
			wordy[`wordy/${i}.md`] = Array.from({ length: 400 }, (_, k) => `v${i * 400 + k}`).join(" ");
		const index = new RetrievalIndex(policyFor());
		let clock = 0;
		let searched = false;
		const seen: { done: number; due: boolean }[] = [];
		await indexInSlices(
			index,
			Object.entries(wordy).map(([path, content]) => noteOf(path, content)),
			{
				sliceMs: 3,
				now: () => clock++,
				yieldToHost: () => Promise.resolve(),
				onProgress: (update) => {
					if (update.finishing) return;
					if (!searched && update.done >= 10) {
						index.search("v42", { now: NOW });
						searched = true;
					}
					if (searched) {
						// A search now would start at once, from the postings as they are.
						expect(index.isReady).toBe(true);
						seen.push({ done: update.done, due: index.needsCompaction });
					}
				},
			},
		);
		const firstDue = seen.findIndex((state) => state.due);
		expect(firstDue).toBeGreaterThan(-1);
		// Compacted while notes were still coming in, not left to the end.
		const compacted = seen.slice(firstDue).find((state) => !state.due);
		expect(compacted?.done).toBeLessThan(400);
		expect(index.needsCompaction).toBe(false);
		expect(index.search("v159999 v12", { now: NOW })).toEqual(indexOfVault(wordy).search("v159999 v12", { now: NOW }));
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

	/** A note of `sections` sections of 1,000 characters, words `w{first}`, `w{first + 1}`… */
	function longNote(first: number, sections: number): string {
		const section = (n: number) =>
			`## Part ${n}\n${Array.from({ length: 140 }, (_, i) => `w${first + n * 140 + i}`).join(" ")}\n`;
		return Array.from({ length: sections }, (_, n) => section(n)).join("\n");
	}

	function answers(index: RetrievalIndex): string[][] {
		return ["w5", "w13999", "w10005", "harbor"].map((query) =>
			index.search(query, { now: NOW }).map((hit) => `${hit.path} ${hit.score.toFixed(6)}`),
		);
	}

	it("analyzes a long note over several slices, to the same index", async () => {
		const long = { "long.md": longNote(0, 150), "short.md": "Harbor w5" };
		expect(long["long.md"].length).toBeGreaterThan(3 * CHARS_PER_STEP);
		let yields = 0;
		let yieldsBeforeFinishing: number | null = null;
		const index = new RetrievalIndex(policyFor());
		await indexInSlices(
			index,
			Object.entries(long).map(([path, content]) => noteOf(path, content)),
			{
				sliceMs: 0,
				now: () => 0,
				yieldToHost: async () => void yields++,
				onProgress: (update) => {
					if (update.finishing) yieldsBeforeFinishing ??= yields;
				},
			},
		);
		expect(yieldsBeforeFinishing).toBeGreaterThanOrEqual(3);
		expect(answers(index)).toEqual(answers(indexOfVault(long)));
		expect(answers(index)[1]).toEqual([expect.stringMatching(/^long\.md /)]);
	});

	/** Indexes the vault's long note in slices, `change` running (once) while the first slice is over. */
	async function indexWhileChanging(vault: Record<string, string>, change: (index: RetrievalIndex) => void) {
		const index = new RetrievalIndex(policyFor());
		let changed = false;
		await indexInSlices(index, [noteOf("long.md", vault["long.md"])], {
			sliceMs: 0,
			now: () => 0,
			yieldToHost: async () => {
				if (!changed) change(index);
				changed = true;
			},
		});
		expect(changed).toBe(true);
		return index;
	}

	it("keeps a long note whole when another note is indexed between two of its steps", async () => {
		const vault: Record<string, string> = { "long.md": longNote(0, 150) };
		// As the vault's events do while a build waits.
		const index = await indexWhileChanging(vault, (changing) => {
			vault["harbor.md"] = "Harbor w5 w10005";
			changing.upsert(noteOf("harbor.md", vault["harbor.md"]));
		});
		expect(answers(index)).toEqual(answers(indexOfVault(vault)));
		expect(answers(index)[0].length).toBe(2);
		expect(answers(index)[1]).toEqual([expect.stringMatching(/^long\.md /)]);
	});

	it("analyzes a note a little shorter than a step at once, though its overlapping chunks add up to more", async () => {
		const words = Array.from({ length: 6000 }, (_, i) => `w${i}`);
		const lines = Array.from({ length: 400 }, (_, line) => `${words.slice(line * 15, line * 15 + 15).join(" ")}.`);
		const vault: Record<string, string> = { "long.md": lines.join("\n").slice(0, CHARS_PER_STEP - 10) };
		const index = await indexWhileChanging(vault, (changing) => {
			vault["harbor.md"] = "Harbor w5 w10005";
			changing.upsert(noteOf("harbor.md", vault["harbor.md"]));
		});
		expect(answers(index)).toEqual(answers(indexOfVault(vault)));
		expect(answers(index)[0].length).toBe(2);
	});

	it("keeps the newer version of a long note edited between two of its steps", async () => {
		const vault: Record<string, string> = { "long.md": longNote(0, 150) };
		const index = await indexWhileChanging(vault, (changing) => {
			vault["long.md"] = longNote(10_000, 20);
			changing.upsert(noteOf("long.md", vault["long.md"]));
		});
		expect(answers(index)).toEqual(answers(indexOfVault(vault)));
		expect(answers(index)[0]).toEqual([]);
		expect(answers(index)[2]).toEqual([expect.stringMatching(/^long\.md /)]);
	});
});
