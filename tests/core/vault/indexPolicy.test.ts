import { noteOf, policyFor, indexOfVault, searchPaths } from "../retrieval/vaultFixtures";
import { skipReasonForFile } from "../../../src/core/vault/indexPolicy";

const secret = "The launch code is zebra.";

describe("what is never indexed", () => {
	const policy = policyFor({
		excludedFolders: ["Private"],
		excludedTags: ["#Secret"],
		maxFileBytes: 2000,
		auditLogPath: "logs/audit.md",
	});
	const index = indexOfVault(
		{
			"Notes/public.md": `Zebra crossings are striped.`,
			"Private/diary.md": secret,
			"Private/deeper/diary.md": secret,
			"private/other case.md": secret,
			"Notes/tagged.md": `${secret} #secret`,
			"Notes/nested tag.md": `---\ntags: [secret/work]\n---\n${secret}`,
			"Notes/flagged.md": `---\nassistant: private\n---\n${secret}`,
			"Notes/huge.md": `${secret} ${"padding ".repeat(400)}`,
			"Notes/image.png": secret,
			".obsidian/workspace.md": secret,
			"chats/2026-03-01 chat.md": secret,
			"logs/audit.md": secret,
		},
		{ policy },
	);

	it("finds only the public note", () => {
		expect(searchPaths(index, "zebra", { limit: 20 })).toEqual(["Notes/public.md"]);
		expect(searchPaths(index, "launch code", { limit: 20 })).toEqual([]);
	});

	it("counts every skipped file under its reason", () => {
		expect(index.stats()).toMatchObject({
			notes: 1,
			skipped: 11,
			skippedBy: {
				"not-markdown": 1,
				"too-large": 1,
				"config-folder": 1,
				"assistant-internal": 2,
				"excluded-folder": 3,
				"excluded-tag": 2,
				private: 1,
				"no-metadata": 0,
			},
		});
	});

	it("drops a note that becomes private, and counts it", () => {
		const live = indexOfVault({ "a.md": "zebra facts" }, { policy });
		expect(searchPaths(live, "zebra")).toEqual(["a.md"]);
		expect(live.upsert(noteOf("a.md", "---\nassistant: private\n---\nzebra facts"))).toBe("private");
		expect(searchPaths(live, "zebra")).toEqual([]);
		expect(live.stats().skippedBy.private).toBe(1);
	});

	it("keeps a private note out when it is renamed, without reading it again", () => {
		const live = indexOfVault({ "a.md": "---\nassistant: private\n---\nzebra" }, { policy });
		expect(live.rename("a.md", "b.md")).toBe("private");
		expect(live.rename("b.md", "Private/c.md")).toBe("excluded-folder");
		expect(live.stats().skipped).toBe(1);
	});

	it("asks for the content of a note renamed out of an excluded folder", () => {
		const live = indexOfVault({ "Private/a.md": "zebra" }, { policy });
		expect(live.rename("Private/a.md", "Notes/a.md")).toBe("needs-content");
		expect(live.upsert(noteOf("Notes/a.md", "zebra"))).toBeNull();
		expect(searchPaths(live, "zebra")).toEqual(["Notes/a.md"]);
	});

	it("skips a note the metadata cache does not know yet", () => {
		const live = indexOfVault({}, { policy });
		expect(live.upsert({ ...noteOf("a.md", "zebra"), metadata: null })).toBe("no-metadata");
		expect(live.stats().skippedBy["no-metadata"]).toBe(1);
	});
});

describe("the rules of each policy", () => {
	it("hide by the folders of the policy asked about, though another was asked about just before", () => {
		const open = policyFor();
		const closed = policyFor({ excludedFolders: ["Ｐｒｉｖａｔｅ/*"] });
		// The same settings with one more private folder, as a spread copy of the policy makes them.
		const moved = { ...closed, excludedFolders: [...closed.excludedFolders, "Work"] };
		const reasons = () =>
			[open, closed, moved, open].map((policy) => [
				skipReasonForFile("private/diary.md", 10, policy),
				skipReasonForFile("Work/plan.md", 10, policy),
			]);
		const expected = [
			[null, null],
			["excluded-folder", null],
			["excluded-folder", "excluded-folder"],
			[null, null],
		];
		expect(reasons()).toEqual(expected);
		expect(reasons()).toEqual(expected);
	});
});
