import { linkGraphFromResolvedLinks, type SearchOptions } from "../../../src/core/retrieval";
import { indexOfVault, NOW } from "./vaultFixtures";

/**
 * Scoring skips the long postings of common words for notes that cannot make the results; a
 * search with a small limit must still return exactly the head of the same search without one.
 */
describe("skipping work that cannot change the results", () => {
	const files: Record<string, string> = {};
	for (let i = 0; i < 400; i++) {
		const folder = i % 3 === 0 ? "memory/daily" : "notes";
		const name = folder === "memory/daily" ? `2026-0${1 + (i % 3)}-${String(1 + (i % 28)).padStart(2, "0")} n${i}` : `n${i}`;
		const tags = i % 5 === 0 ? "#project/atlas" : "";
		files[`${folder}/${name}.md`] = `A note about things, note ${i}. ${"more note text ".repeat(i % 4)} ${tags}`;
	}
	for (let i = 0; i < 6; i++) files[`Daily note ${i}.md`] = `The daily routine, take ${i}. Another note.`;
	files["Weekly review.md"] = "Daily habits and notes on them.";
	const index = indexOfVault(files);
	const links = linkGraphFromResolvedLinks({ "Daily note 0.md": { "notes/n7.md": 1 }, "notes/n8.md": { "Daily note 1.md": 1 } });
	const hotSet = { pinned: new Set(["notes/n9.md"]), openCounts: new Map([["Daily note 5.md", 40]]) };

	it.each<[string, Partial<SearchOptions>]>([
		["daily notes", {}],
		["daily notes", { links, hotSet }],
		["daily notes", { tags: ["project"] }],
		["daily note habits", { kind: "notes" }],
		["note things", { since: "2026-02-01" }],
	])("'%s' with a limit is the head of the unlimited results (%p)", (query, options) => {
		const everything = index.search(query, { now: NOW, limit: 10_000, ...options });
		for (const limit of [1, 2, 5]) {
			expect(index.search(query, { now: NOW, ...options, limit })).toEqual(everything.slice(0, limit));
		}
	});
});
