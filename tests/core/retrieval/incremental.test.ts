import type { RetrievalIndex } from "../../../src/core/retrieval";
import { runToEnd } from "../../../src/core/retrieval/indexing/steps";
import { CHARS_PER_STEP } from "../../../src/core/retrieval/notes/noteAnalyzer";
import { indexOfVault, noteOf, NOW } from "./vaultFixtures";

const QUERIES = [
	"sqlite",
	"meeting notes",
	"atlas budget",
	"[[Atlas]]",
	"#project",
	"dentist",
	"数据库",
	"データベース",
	"dialy",
];

/** Everything a user could observe of an index: the stats and the full results of many queries. */
function observe(index: RetrievalIndex) {
	const { notes, chunks, skipped, skippedBy } = index.stats();
	return {
		stats: { notes, chunks, skipped, skippedBy },
		results: QUERIES.map((query) => index.search(query, { now: NOW, limit: 20 })),
	};
}

const before: Record<string, string> = {
	"Projects/Atlas.md":
		"---\ntags: [project/atlas]\naliases: [AT]\n---\n# Atlas\nBudget review for atlas.\n## Meeting notes\nDiscussed sqlite.",
	"memory/daily/2026-03-10.md": "Dentist at 3pm. Meeting notes: chose sqlite.",
	"Notes/db.md": "# 数据库\n我们选择了数据库 sqlite。データベースの比較。",
	"Notes/old.md": "An old note about the atlas budget.",
	"Inbox/idea.md": "Idea: daily digest of meetings.",
};

describe("incremental indexing", () => {
	it("upsert, remove and rename leave the index as a rebuild from scratch would", () => {
		const index = indexOfVault(before);
		index.search("warm up", { now: NOW }); // builds the postings, so what follows goes through the delta
		const after: Record<string, string> = { ...before };
		after["Notes/db.md"] = "# 数据库\n最后我们选择了 Postgres 数据库。";
		index.upsert(noteOf("Notes/db.md", after["Notes/db.md"]));
		delete after["Notes/old.md"];
		index.remove("Notes/old.md");
		after["memory/daily/2026-03-14 standup.md"] = after["Inbox/idea.md"];
		delete after["Inbox/idea.md"];
		expect(index.rename("Inbox/idea.md", "memory/daily/2026-03-14 standup.md")).toBe("renamed");
		after["Projects/Atlas v2.md"] = after["Projects/Atlas.md"];
		delete after["Projects/Atlas.md"];
		expect(index.rename("Projects/Atlas.md", "Projects/Atlas v2.md")).toBe("renamed");
		after["Notes/new.md"] = "A new note: sqlite meeting #project";
		index.upsert(noteOf("Notes/new.md", after["Notes/new.md"]));

		expect(observe(index)).toEqual(observe(indexOfVault(after)));
	});

	/** 50 notes of 400 words, searched once (so postings exist), and an edit of one of them at a time. */
	function editedVault() {
		const words = (seed: number) =>
			Array.from({ length: 400 }, (_, i) => `w${(seed * 7919 + i * 104729) % 5000}`).join(" ");
		const files: Record<string, string> = {};
		for (let i = 0; i < 50; i++) files[`n${i}.md`] = `${words(i)} sqlite`;
		const index = indexOfVault(files);
		index.search("sqlite", { now: NOW });
		let round = 0;
		const edit = () => {
			const path = `n${round % 50}.md`;
			files[path] = `${words(round++ + 100)} meeting`;
			index.upsert(noteOf(path, files[path]));
		};
		return { files, index, edit };
	}

	it("answers as a fresh index while a rebuild after many edits is due, without waiting for it, and after it", () => {
		const { files, index, edit } = editedVault();
		while (!index.needsCompaction) edit();
		expect(index.isReady).toBe(true);
		expect(observe(index)).toEqual(observe(indexOfVault(files)));
		// The searches left the rebuild to whoever spreads it over time slices.
		expect(index.needsCompaction).toBe(true);
		runToEnd(index.catchUp());
		expect(index.needsCompaction).toBe(false);
		expect(observe(index)).toEqual(observe(indexOfVault(files)));
	});

	it("leaves a rebuild that edits keep from finishing to the next search, so the delta stops growing", () => {
		const { files, index, edit } = editedVault();
		while (!index.needsCompaction) edit();
		// A rebuild spread over time slices, started over by an autosave between every two of its steps.
		const compaction = index.catchUp();
		for (let saves = 0; saves < 1000 && index.isReady; saves++) {
			compaction.next();
			edit();
		}
		expect(index.isReady).toBe(false);
		expect(observe(index)).toEqual(observe(indexOfVault(files)));
		expect(index.isReady).toBe(true);
		expect(index.needsCompaction).toBe(false);
	});

	it("does not index a long new note that was deleted while it was analyzed in steps", () => {
		const index = indexOfVault({ "a.md": "apple" });
		const content = Array.from({ length: 2000 }, (_, i) => `Paragraph ${i} about the harbor keepers.`).join("\n\n");
		expect(content.length).toBeGreaterThan(2 * CHARS_PER_STEP);
		const steps = index.upsertSteps(noteOf("Long.md", content));
		expect(steps.next().done).toBe(false);
		// Deleted (or moved into a private folder) between two slices, before the index had it.
		index.remove("Long.md");
		runToEnd(steps);
		expect(index.stats().notes).toBe(1);
		expect(index.search("harbor keepers", { now: NOW })).toEqual([]);
	});

	it("finds a note's new words and forgets its old ones", () => {
		const index = indexOfVault({ "a.md": "apricot" });
		index.search("apricot", { now: NOW });
		index.upsert(noteOf("a.md", "blueberry"));
		expect(index.search("apricot", { now: NOW })).toEqual([]);
		expect(index.search("blueberry", { now: NOW }).map((hit) => hit.path)).toEqual(["a.md"]);
	});

	it("moves a renamed note's title, folder and kind with it", () => {
		const index = indexOfVault({ "Inbox/Kiwi.md": "fruit" });
		index.rename("Inbox/Kiwi.md", "memory/daily/2026-03-15 Mango.md");
		expect(index.search("kiwi", { now: NOW })).toEqual([]);
		expect(index.search("mango", { now: NOW, kind: "daily" })).toMatchObject([
			{ path: "memory/daily/2026-03-15 Mango.md" },
		]);
	});
});
