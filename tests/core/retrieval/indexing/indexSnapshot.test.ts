import { RetrievalIndex, type IndexSnapshot } from "../../../../src/core/retrieval";
import { BODY, FIELD_COUNT } from "../../../../src/core/retrieval/indexing/fields";
import { DEFAULT_MTIME, indexOfVault, noteOf, NOW, policyFor } from "../vaultFixtures";

const vault = {
	"Projects/Atlas.md":
		"---\ntags: [project/atlas]\naliases: [AT]\n---\n# Atlas\nBudget review.\n## Risks\nSchedule slip.",
	"memory/daily/2026-03-10.md": "Chose sqlite. 选择了数据库。データベースを選んだ。",
	"Private/diary.md": "secret",
	"memory.md": "Prefers short answers.",
};
const policy = policyFor({ excludedFolders: ["Private"] });
const files = Object.entries(vault).map(([path, content]) => ({
	path,
	mtime: DEFAULT_MTIME,
	size: noteOf(path, content).stat.size,
}));
const queries = ["atlas budget", "sqlite", "数据库", "データベース", "#project", "[[AT]]", "risks", "short answers"];

function resultsOf(index: RetrievalIndex) {
	return queries.map((query) => index.search(query, { now: NOW, limit: 10 }));
}

describe("snapshots", () => {
	const original = indexOfVault(vault, { policy });
	const snapshot: IndexSnapshot = structuredClone(original.toSnapshot()); // as IndexedDB would store it

	it("restore to an index that answers exactly as the original", () => {
		const restored = RetrievalIndex.fromSnapshot(snapshot, policy);
		expect(resultsOf(restored)).toEqual(resultsOf(original));
		expect(restored.stats()).toEqual({ ...original.stats(), terms: snapshot.vocabulary.ends.length });
	});

	it("carry an index edited since its postings were built, and take edits after a restore", () => {
		const edited = indexOfVault(vault, { policy });
		edited.search("warm up", { now: NOW });
		edited.upsert(noteOf("memory.md", "Prefers long answers about sqlite."));
		edited.remove("Projects/Atlas.md");
		const restored = RetrievalIndex.fromSnapshot(structuredClone(edited.toSnapshot()), policy);
		expect(resultsOf(restored)).toEqual(resultsOf(edited));
		restored.upsert(noteOf("Projects/Atlas.md", vault["Projects/Atlas.md"]));
		restored.rename("memory.md", "Notes/prefs.md");
		const withoutMemory = Object.fromEntries(Object.entries(vault).filter(([path]) => path !== "memory.md"));
		const fresh = indexOfVault(
			{ ...withoutMemory, "Notes/prefs.md": "Prefers long answers about sqlite." },
			{ policy },
		);
		expect(resultsOf(restored)).toEqual(resultsOf(fresh));
	});

	it("let a warm start of an unchanged vault read nothing", () => {
		const restored = RetrievalIndex.fromSnapshot(snapshot, policy);
		expect(restored.reconcile(files)).toEqual([]);
		expect(restored.stats().notes).toBe(3);
	});

	it("ask to read only what changed, and forget what is gone", () => {
		const restored = RetrievalIndex.fromSnapshot(snapshot, policy);
		const changed = files
			.filter((file) => file.path !== "memory.md")
			.map((file) => (file.path === "Projects/Atlas.md" ? { ...file, mtime: file.mtime + 1 } : file));
		const added = { path: "New.md", mtime: DEFAULT_MTIME, size: 10 };
		expect(restored.reconcile([...changed, added]).map((file) => file.path)).toEqual(["Projects/Atlas.md", "New.md"]);
		expect(restored.search("short answers", { now: NOW })).toEqual([]);
	});

	it("keep only the vocabulary still in use", () => {
		const index = indexOfVault({ "a.md": "apricot", "b.md": "blueberry" });
		index.remove("a.md");
		const snapshot = index.toSnapshot();
		expect(snapshot.vocabulary).toEqual({ strings: "bblueberry", ends: Uint32Array.of(1, 10) });
		expect(RetrievalIndex.fromSnapshot(snapshot, policyFor()).stats().terms).toBe(2);
	});

	it("give a posting that names a chunk never placed to no note, as a damaged snapshot could", () => {
		const damaged = structuredClone(indexOfVault({ "a.md": "blueberry", "b.md": "apricot" }).toSnapshot());
		const { strings, ends } = damaged.vocabulary;
		const apricot = Array.from(ends).findIndex(
			(end, term) => strings.slice(term === 0 ? 0 : ends[term - 1], end) === "apricot",
		);
		// The term's one body posting names b.md's chunk (1); moved to a chunk past the last.
		const posting = damaged.postings.offsets[apricot * FIELD_COUNT + BODY];
		damaged.postings.entries[posting] += 1024;
		const restored = RetrievalIndex.fromSnapshot(damaged, policyFor());
		expect(restored.search("apricot", { now: NOW })).toEqual([]);
		expect(restored.search("blueberry", { now: NOW }).map((hit) => hit.path)).toEqual(["a.md"]);
	});

	it("are re-checked against a changed policy, and ignored when from another version", () => {
		const stricter = policyFor({ excludedFolders: ["Private", "Projects"] });
		const restored = RetrievalIndex.fromSnapshot(snapshot, stricter);
		expect(restored.search("atlas", { now: NOW })).toEqual([]);
		expect(restored.stats().skippedBy["excluded-folder"]).toBe(1);
		// The skipped files are checked again: the private diary is found skipped by its path, unread.
		expect(restored.reconcile(files)).toEqual([]);
		expect(restored.stats().skippedBy["excluded-folder"]).toBe(2);
		const future = RetrievalIndex.fromSnapshot({ ...snapshot, version: snapshot.version + 1 }, policy);
		expect(future.stats().notes).toBe(0);
	});
});
