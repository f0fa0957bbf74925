import { linkGraphFromResolvedLinks, type SearchOptions } from "../../../../src/core/retrieval";
import { indexOfVault, noteOf, NOW } from "../vaultFixtures";

/**
 * Scoring skips the long postings of common words for notes that cannot make the results; a
 * search with a small limit must still return exactly the head of the same search without one.
 */
describe("skipping work that cannot change the results", () => {
	const files: Record<string, string> = {};
	for (let i = 0; i < 400; i++) {
		const folder = i % 3 === 0 ? "memory/daily" : "notes";
		const name =
			folder === "memory/daily" ? `2026-0${1 + (i % 3)}-${String(1 + (i % 28)).padStart(2, "0")} n${i}` : `n${i}`;
		const tags = i % 5 === 0 ? "#project/atlas" : "";
		files[`${folder}/${name}.md`] = `A note about things, note ${i}. ${"more note text ".repeat(i % 4)} ${tags}`;
	}
	for (let i = 0; i < 6; i++) files[`Daily note ${i}.md`] = `The daily routine, take ${i}. Another note.`;
	// Notes of several chunks: a note's postings are a run of chunks, and its later ones count too.
	for (let i = 0; i < 30; i++) {
		files[`long/l${i}.md`] =
			`# Start\nThings, take ${i}.\n\n## Middle\n${"A daily note. ".repeat(1 + (i % 3))}\n\n## End\n${"note habits ".repeat(i % 4)}`;
	}
	files["Weekly review.md"] = "Daily habits and notes on them.";
	const index = indexOfVault(files);
	const links = linkGraphFromResolvedLinks({
		"Daily note 0.md": { "notes/n7.md": 1 },
		"notes/n8.md": { "Daily note 1.md": 1 },
	});
	const hotSet = { pinned: new Set(["notes/n9.md"]), openCounts: new Map([["Daily note 5.md", 40]]) };

	it.each<[string, Partial<SearchOptions>]>([
		["daily notes", {}],
		["daily notes", { links, hotSet }],
		["daily notes", { tags: ["project"] }],
		["daily note habits", { kind: "notes" }],
		["note things", { since: "2026-02-01" }],
		["daily note habits take", { links, hotSet }],
	])("'%s' with a limit is the head of the unlimited results (%p)", (query, options) => {
		const everything = index.search(query, { now: NOW, limit: 10_000, ...options });
		for (const limit of [1, 2, 5]) {
			expect(index.search(query, { now: NOW, ...options, limit })).toEqual(everything.slice(0, limit));
		}
	});

	it("stays exact after notes are edited, added and removed since the postings were built", () => {
		const edited = indexOfVault(files);
		edited.search("daily notes", { now: NOW });
		for (let i = 0; i < 40; i += 3) edited.remove(`notes/n${i + 1}.md`);
		for (let i = 0; i < 12; i++)
			edited.upsert(noteOf(`notes/n${i * 5 + 2}.md`, `The daily note, edited: note ${i}, more note text.`));
		for (let i = 0; i < 8; i++) edited.upsert(noteOf(`late/daily ${i}.md`, `A daily note written late, note ${i}.`));
		for (const query of ["daily notes", "note things", "daily note habits"]) {
			const everything = edited.search(query, { now: NOW, limit: 10_000, links, hotSet });
			for (const limit of [1, 2, 5])
				expect(edited.search(query, { now: NOW, links, hotSet, limit })).toEqual(everything.slice(0, limit));
		}
	});
});
