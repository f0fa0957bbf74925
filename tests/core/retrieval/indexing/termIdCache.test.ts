import { NoteAnalyzer } from "../../../../src/core/retrieval/notes/noteAnalyzer";
import { TermIdCache } from "../../../../src/core/retrieval/indexing/termIdCache";
import { Vocabulary } from "../../../../src/core/retrieval/indexing/vocabulary";
import { noteOf, policyFor } from "../vaultFixtures";

describe("recent term ids", () => {
	it("keeps the last texts up to its capacity, replacing the oldest", () => {
		const cache = new TermIdCache(2);
		cache.set("Projects", Int32Array.of(1));
		cache.set("Areas", Int32Array.of(2));
		expect(cache.get("Projects")).toEqual(Int32Array.of(1));
		cache.set("Archive", Int32Array.of(3));
		expect(cache.get("Projects")).toBeUndefined();
		expect(cache.get("Areas")).toEqual(Int32Array.of(2));
		expect(cache.get("Archive")).toEqual(Int32Array.of(3));
	});

	it("counts a folder and tags it remembers as it counts them read afresh", () => {
		const analyzer = new NoteAnalyzer(new Vocabulary());
		const policy = policyFor();
		const content = "---\ntags: [alpha, beta/gamma]\n---\nBody text.";
		const note = noteOf("Work/Projects/Atlas plans.md", content);
		analyzer.analyze(noteOf("Work/Projects/other.md", content), policy);
		const remembered = analyzer.analyze(note, policy);
		// Enough other folders and tag sets to push both out of the caches.
		for (let index = 0; index < 10; index++) {
			analyzer.analyze(noteOf(`Folder ${index}/note.md`, `---\ntags: [tag${index}]\n---\nBody.`), policy);
		}
		const readAfresh = analyzer.analyze(note, policy);
		expect(remembered).toEqual(readAfresh);
		expect(typeof remembered === "object" && remembered.noteFieldLengths).toEqual([2, 0, 3, 2]);
	});
});
