import { AssistantWorkspace } from "../../../src/core/assistantWorkspace";
import { archiveOldDailyNotes } from "../../../src/core/memory/archive";
import { defaultPluginData } from "../../../src/core/workspace/data/pluginData";
import { firstMeaningfulLine } from "../../../src/core/memory/archiveIndex";
import { layoutFor } from "../../../src/core/workspace/layout";
import { memoryFixture } from "./fixture";

const layout = layoutFor("");
const NOW = "2026-03-15T21:00:00Z";
const heartbeat = { actor: "heartbeat" } as const;

const daily = (line: string) => `---\ntags: [daily]\n---\n# Day\n\n## Log\n- ${line}\n`;
const files = {
	"memory/daily/2026-01-01.md": daily("New year plans"),
	"memory/daily/2026-02-12.md": daily("Thirty-one days ago"),
	"memory/daily/2026-02-13.md": daily("Thirty days ago, kept"),
	"memory/daily/2026-03-15.md": daily("Today"),
	"memory/daily/2026-04-01.md": daily("A plan for the future"),
	"memory/daily/notes.md": "not a day",
	"memory/daily/2026-02-30.md": "not a real date",
	"memory/daily/2025-12-31.txt": "not a note",
	"memory/daily/old/2025-01-01.md": "in a sub-folder",
};

describe("archiveOldDailyNotes", () => {
	const withCandidate =
		"# Day\n\n## Log\n- Decided the thesis title.\n\n## Candidate long-term memory\n- The thesis is on sleep and memory.\n";

	it("never strands a candidate in the archive: an unpromoted day is promoted first, then moved", async () => {
		const fixture = memoryFixture({ "memory/daily/2026-01-05.md": withCandidate, "memory.md": "# Memory\n" }, NOW);
		const workspace = new AssistantWorkspace({
			store: fixture.vault,
			metadata: fixture.vault,
			auditFile: fixture.log,
			clock: fixture.deps.clock,
			settings: defaultPluginData().settings,
		});
		const result = await workspace.archive("user");
		expect(result.archived).toMatchObject([
			{ date: "2026-01-05", to: "memory/archive/2026/2026-01-05.md", promoted: true },
		]);
		expect(await fixture.vault.read("memory.md")).toContain(
			"## Promoted from 2026-01-05\n\n- The thesis is on sleep and memory.",
		);
		expect(await fixture.vault.read("memory/archive/2026/2026-01-05.md")).toContain("<!-- promoted: 2026-01-05 -->");
		expect(result.records.map((record) => record.action)).toEqual(["promote", "promote", "archive", "archive"]);
	});

	it("keeps an unpromoted day where it is when it cannot be promoted, and says so", async () => {
		const { deps, snapshot } = memoryFixture({ "memory/daily/2026-01-05.md": withCandidate }, NOW);
		const before = await snapshot();
		const result = await archiveOldDailyNotes(deps, layout, heartbeat);
		expect(result.skipped).toContainEqual({ path: "memory/daily/2026-01-05.md", reason: "not-promoted" });
		expect(await snapshot()).toEqual(before);
	});

	it("moves notes older than the retention into the yearly archive and indexes them, deleting nothing", async () => {
		const { deps, vault, snapshot } = memoryFixture(files, NOW);
		const result = await archiveOldDailyNotes(deps, layout, heartbeat);

		expect(result.archived).toEqual([
			{
				date: "2026-01-01",
				from: "memory/daily/2026-01-01.md",
				to: "memory/archive/2026/2026-01-01.md",
				summary: "New year plans",
				promoted: false,
			},
			{
				date: "2026-02-12",
				from: "memory/daily/2026-02-12.md",
				to: "memory/archive/2026/2026-02-12.md",
				summary: "Thirty-one days ago",
				promoted: false,
			},
		]);
		expect(await vault.read("memory/archive/2026/2026-01-01.md")).toBe(files["memory/daily/2026-01-01.md"]);
		expect(await vault.read("memory/archive/index.md")).toBe(
			"# Daily memory archive\n\n" +
				"- [[memory/archive/2026/2026-01-01|2026-01-01]]: New year plans\n" +
				"- [[memory/archive/2026/2026-02-12|2026-02-12]]: Thirty-one days ago\n",
		);
		// Every original note still exists, byte for byte, somewhere in the vault.
		const contents = Object.values(await snapshot());
		for (const content of Object.values(files)) expect(contents).toContain(content);
		expect(vault.listFiles()).toHaveLength(Object.keys(files).length + 1);
	});

	it("never touches future notes, notes within the retention, or files not named by a date", async () => {
		const { deps, vault } = memoryFixture(files, NOW);
		const result = await archiveOldDailyNotes(deps, layout, heartbeat);

		expect(result.skipped).toEqual([
			{ path: "memory/daily/2025-12-31.txt", reason: "not-a-daily-note" },
			{ path: "memory/daily/2026-02-13.md", reason: "within-retention" },
			{ path: "memory/daily/2026-02-30.md", reason: "not-a-daily-note" },
			{ path: "memory/daily/2026-03-15.md", reason: "within-retention" },
			{ path: "memory/daily/2026-04-01.md", reason: "future" },
			{ path: "memory/daily/notes.md", reason: "not-a-daily-note" },
		]);
		for (const path of result.skipped.map((s) => s.path))
			expect(await vault.read(path)).toBe(files[path as keyof typeof files]);
		expect(await vault.read("memory/daily/old/2025-01-01.md")).toBe("in a sub-folder");
	});

	it("audits each move and index line as an archive by the given actor", async () => {
		const { deps, records } = memoryFixture(files, NOW);
		const result = await archiveOldDailyNotes(deps, layout, heartbeat);
		expect(records().map((r) => [r.actor, r.action, r.path, r.from])).toEqual([
			["heartbeat", "archive", "memory/archive/index.md", undefined],
			["heartbeat", "archive", "memory/archive/2026/2026-01-01.md", "memory/daily/2026-01-01.md"],
			["heartbeat", "archive", "memory/archive/index.md", undefined],
			["heartbeat", "archive", "memory/archive/2026/2026-02-12.md", "memory/daily/2026-02-12.md"],
		]);
		expect(result.records).toEqual(records());
	});

	it("is idempotent: a second run changes nothing and logs nothing", async () => {
		const { deps, snapshot, log } = memoryFixture(files, NOW);
		await archiveOldDailyNotes(deps, layout, heartbeat);
		const [before, trail] = [await snapshot(), log.text];

		const again = await archiveOldDailyNotes(deps, layout, heartbeat);
		expect(again.archived).toEqual([]);
		expect(await snapshot()).toEqual(before);
		expect(log.text).toBe(trail);
	});

	it("does not list a day twice in the index", async () => {
		const index = "# Daily memory archive\n\n- [[2026-01-01]]: written by hand\n";
		const { deps, vault } = memoryFixture(
			{ "memory/daily/2026-01-01.md": daily("x"), "memory/archive/index.md": index },
			NOW,
		);
		const result = await archiveOldDailyNotes(deps, layout, heartbeat);
		expect(result.archived.map((a) => a.date)).toEqual(["2026-01-01"]);
		expect(await vault.read("memory/archive/index.md")).toBe(index);
	});

	it("leaves a note in place when the archive already holds a note for that day", async () => {
		const { deps, vault } = memoryFixture(
			{ "memory/daily/2026-01-01.md": "new", "memory/archive/2026/2026-01-01.md": "old" },
			NOW,
		);
		const result = await archiveOldDailyNotes(deps, layout, heartbeat);
		expect(result.skipped).toEqual([{ path: "memory/daily/2026-01-01.md", reason: "destination-exists" }]);
		expect(await vault.read("memory/daily/2026-01-01.md")).toBe("new");
		expect(await vault.read("memory/archive/2026/2026-01-01.md")).toBe("old");
	});

	it("honours a shorter retention from the settings", async () => {
		const { deps } = memoryFixture(files, NOW);
		const result = await archiveOldDailyNotes(deps, layout, { ...heartbeat, retentionDays: 0 });
		expect(result.archived.map((a) => a.date)).toEqual(["2026-01-01", "2026-02-12", "2026-02-13"]);
	});
});

describe("firstMeaningfulLine", () => {
	it("skips frontmatter, headings, comments, rules and empty bullets", () => {
		expect(
			firstMeaningfulLine(
				"---\na: 1\n---\n# 2026-01-01\n\n## Log\n<!-- x -->\n---\n- \n- [x] Finished **the** draft  \n",
			),
		).toBe("Finished **the** draft");
		expect(firstMeaningfulLine("## 日志\n> 今天很好\n")).toBe("今天很好");
		expect(firstMeaningfulLine("# Title\n\n## Log\n")).toBeNull();
	});
});
