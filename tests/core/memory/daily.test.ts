import {
	appendDailyEntry,
	assistantFolderTarget,
	dailyNotesTarget,
	readRecentDays,
} from "../../../src/core/memory/daily";
import { layoutFor } from "../../../src/core/workspace/layout";
import { memoryFixture } from "./fixture";

const layout = layoutFor("Assistant");
const ownNotes = assistantFolderTarget(layout);
const userNotes = dailyNotesTarget((date) => `Journal/${date.replace(/-/g, ".")}.md`, "# {{title}}\n\n## Plans\n");
const user = { actor: "user" } as const;

describe("appendDailyEntry in the assistant folder", () => {
	it("creates today's note from the template, with the entry under Log, in one audited write", async () => {
		const { deps, vault, records } = memoryFixture({}, "2026-03-05T22:15:00Z");
		const result = await appendDailyEntry(deps, ownNotes, "- Read the paper", user);

		expect(result).toMatchObject({
			date: "2026-03-05",
			path: "Assistant/memory/daily/2026-03-05.md",
			status: "created",
		});
		expect(await vault.read(result.path)).toBe(
			"# 2026-03-05\n\n## Log\n- Read the paper\n\n## Candidate long-term memory\n",
		);
		expect(records()).toHaveLength(1);
		expect(records()[0]).toMatchObject({ action: "create", actor: "user", path: result.path });
	});

	it("adds the entry to today's note when another writer made it between the look and the create", async () => {
		const { deps, vault, records } = memoryFixture({}, "2026-03-05T08:00:00Z");
		const path = "Assistant/memory/daily/2026-03-05.md";
		const racing = {
			...deps,
			writer: Object.assign(Object.create(deps.writer) as typeof deps.writer, {
				createNote: async (...args: Parameters<typeof deps.writer.createNote>) => {
					// Another process (Obsidian, a second MCP server) creates the note first.
					await vault.create(path, "# 2026-03-05\n\n## Log\n- theirs\n");
					return deps.writer.createNote(...args);
				},
			}),
		};
		const result = await appendDailyEntry(racing, ownNotes, "- ours", user);
		expect(result.status).toBe("appended");
		expect(await vault.read(path)).toBe("# 2026-03-05\n\n## Log\n- theirs\n- ours\n");
		expect(records().map((record) => record.action)).toEqual(["process"]);
	});

	it("adds later entries after earlier ones, and into the section asked for", async () => {
		const { deps, vault } = memoryFixture({}, "2026-03-05T08:00:00Z");
		await appendDailyEntry(deps, ownNotes, "- first", user);
		await appendDailyEntry(deps, ownNotes, "- second", user);
		await appendDailyEntry(deps, ownNotes, "- Prefers short answers", {
			...user,
			section: "Candidate long-term memory",
		});

		expect(await vault.read("Assistant/memory/daily/2026-03-05.md")).toBe(
			"# 2026-03-05\n\n## Log\n- first\n- second\n\n## Candidate long-term memory\n- Prefers short answers\n",
		);
	});

	it("keeps every byte the user added to the assistant's note", async () => {
		const mine = "# 2026-03-05\n\nA thought of mine.  \n\n## Log\n- a\n\n## Mine\n  indented *text*\n";
		const { deps, vault } = memoryFixture({ "Assistant/memory/daily/2026-03-05.md": mine }, "2026-03-05T08:00:00Z");
		await appendDailyEntry(deps, ownNotes, "- b", user);
		const after = await vault.read("Assistant/memory/daily/2026-03-05.md");
		expect(after).toBe(mine.replace("- a\n", "- a\n- b\n"));
	});

	it("writes nothing for an empty entry", async () => {
		const { deps, vault, log } = memoryFixture({}, "2026-03-05T08:00:00Z");
		expect((await appendDailyEntry(deps, ownNotes, "  \n", user)).status).toBe("empty-entry");
		expect(vault.listFiles()).toEqual([]);
		expect(log.text).toBe("");
	});
});

describe("appendDailyEntry in the user's daily note", () => {
	it("adds an Assistant heading at the end, never touching the user's text", async () => {
		const journal = "# 2026.03.05\n\nWoke up early.\n\n## Plans\n- [ ] call mum\n";
		const { deps, vault } = memoryFixture({ "Journal/2026.03.05.md": journal }, "2026-03-05T08:00:00Z");
		const result = await appendDailyEntry(deps, userNotes, "- Summarised the draft", user);

		expect(result.status).toBe("appended");
		const after = await vault.read("Journal/2026.03.05.md");
		expect(after.startsWith(journal)).toBe(true);
		expect(after).toBe(`${journal}\n## Assistant\n- Summarised the draft\n`);
	});

	it("keeps writing inside the Assistant section when the user writes after it", async () => {
		const journal = "## Assistant\n- a\n\n## Evening\nuser text\n";
		const { deps, vault } = memoryFixture({ "Journal/2026.03.05.md": journal }, "2026-03-05T08:00:00Z");
		await appendDailyEntry(deps, userNotes, "- b", user);
		await appendDailyEntry(deps, userNotes, "- keep", { ...user, section: "Candidate long-term memory" });

		expect(await vault.read("Journal/2026.03.05.md")).toBe(
			"## Assistant\n- a\n- b\n\n### Candidate long-term memory\n- keep\n\n## Evening\nuser text\n",
		);
	});

	it("creates a missing daily note from the user's template", async () => {
		const { deps, vault } = memoryFixture({}, "2026-03-05T08:00:00Z");
		await appendDailyEntry(deps, userNotes, "- x", user);
		expect(await vault.read("Journal/2026.03.05.md")).toBe("# 2026-03-05\n\n## Plans\n\n## Assistant\n- x\n");
	});
});

describe("readRecentDays", () => {
	const files = {
		"Assistant/memory/daily/2026-03-05.md": "today",
		"Assistant/memory/daily/2026-03-03.md": "two days ago",
		"Assistant/memory/daily/2026-03-01.md": "four days ago",
		"Assistant/memory/daily/2026-03-06.md": "tomorrow",
	};

	it("reads today and the days before it that have a note, newest first, never the future", async () => {
		const { deps } = memoryFixture(files, "2026-03-05T23:59:00Z");
		expect(await readRecentDays(deps, ownNotes, 3)).toEqual([
			{ date: "2026-03-05", path: "Assistant/memory/daily/2026-03-05.md", text: "today" },
			{ date: "2026-03-03", path: "Assistant/memory/daily/2026-03-03.md", text: "two days ago" },
		]);
	});

	it("reads only the assistant's section of the user's daily note", async () => {
		const { deps } = memoryFixture(
			{ "Journal/2026.03.05.md": "private diary\n\n## Assistant\n- met Ann\n" },
			"2026-03-05T08:00:00Z",
		);
		expect(await readRecentDays(deps, userNotes, 1)).toEqual([
			{ date: "2026-03-05", path: "Journal/2026.03.05.md", text: "- met Ann" },
		]);
	});
});
