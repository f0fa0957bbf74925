import { AssistantWorkspace } from "../../../src/core/assistantWorkspace";
import { archiveOldDailyNotes } from "../../../src/core/memory/archive";
import { defaultPluginData } from "../../../src/core/workspace/data/pluginData";
import { MemoryLogFile } from "../../../headless/inMemory/memoryLogFile";
import { assistantFolderTarget } from "../../../src/core/memory/daily";
import { promoteDay } from "../../../src/core/memory/longTerm";
import { buildWeeklySummary } from "../../../src/core/memory/weeklySummary";
import type { NoteMetadata } from "../../../src/core/metadata";
import type { MetadataSource, NoteStore } from "../../../src/core/ports";
import { privacyView, type VaultView } from "../../../src/core/vault/vaultView";
import { indexPolicyFor } from "../../../src/core/retrieval";
import { layoutFor } from "../../../src/core/workspace/layout";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { viewOf } from "../../harness/viewOf";
import { memoryFixture } from "../memory/fixture";

/** Each hidden note carries its own marker; none may come out of the view. */
const HIDDEN: Record<string, string> = {
	".obsidian/workspace.md": "SECRET-config",
	".trash/old.md": "SECRET-trash",
	"chats/2026-11-01 chat.md": "SECRET-transcript",
	"Private/plan.md": "SECRET-folder",
	" private /spaced.md": "SECRET-spaced-folder",
	"ＰＲＩＶＡＴＥ/wide.md": "SECRET-wide-folder",
	"Diary/flag.md": "---\nassistant: private\n---\nSECRET-flag",
	"Diary/flag-case.md": "---\nAssistant: PRIVATE\n---\nSECRET-flag-case",
	"Diary/flag-spaced.md": '---\nassistant: " Private"\n---\nSECRET-flag-spaced',
	"Diary/flag-wide.md": "---\nassistant: ｐｒｉｖａｔｅ\n---\nSECRET-flag-wide",
	"Diary/flag-dot.md": "---\nassistant: Private.\n---\nSECRET-flag-dot",
	"Diary/flag-list.md": "---\nassistant:\n  - draft\n  - private\n---\nSECRET-flag-list",
	"Diary/flag-crlf.md": "---\r\nassistant: private\r\n---\r\nSECRET-flag-crlf",
	"Diary/flag-bom.md": "\uFEFF---\nassistant: private\n---\nSECRET-flag-bom",
	"Diary/tag.md": "---\ntags: [Health]\n---\nSECRET-tag",
	"Diary/tag-inline.md": "A day. #health/sleep SECRET-tag-inline",
	"Diary/tag-wide.md": "---\ntags: ＨＥＡＬＴＨ\n---\nSECRET-tag-wide",
	// Obsidian reads no tag from a comma-separated text value; the user still means these tags.
	"Diary/tag-comma.md": "---\ntags: draft, Health\n---\nSECRET-tag-comma",
	"Diary/broken-duplicate.md": "---\nassistant: public\nassistant: private\n---\nSECRET-duplicate-keys",
	"Diary/broken-nested.md": "---\ntitle: a: b\nassistant: private\n---\nSECRET-nested-mapping",
	"Diary/broken-quote.md": '---\nassistant: "private\n---\nSECRET-unclosed-quote',
	"Diary/broken-bracket.md": "---\ntags: [health\n---\nSECRET-unclosed-bracket",
	"Diary/broken-tab.md": "---\nassistant:\n\t- private\n---\nSECRET-tab-indent",
	"Diary/broken-scalar.md": "---\njust a sentence\n---\nSECRET-not-a-mapping",
	// Shapes Obsidian does not read as a tag or a flag: still the user's word.
	"Diary/tag-set.md": "---\ntags: !!set {health}\n---\nSECRET-tag-set",
	"Diary/tag-mapping.md": "---\ntags: {health: null}\n---\nSECRET-tag-mapping",
	"Diary/flag-mapping.md": "---\nassistant: {private: true}\n---\nSECRET-flag-mapping",
	"Diary/flag-mapping-false.md": "---\nassistant: {private: false}\n---\nSECRET-flag-fails-closed",
	"Diary/tag-punctuation.md": '---\ntags: ["health:", x]\n---\nSECRET-tag-punctuation',
	"Diary/tag-mapping-key.md": "---\ntags: {? {health: 1} : x}\n---\nSECRET-tag-mapping-key",
};

const VISIBLE: Record<string, string> = {
	"Projects/Atlas.md": "# Atlas\n\nSee [[plan]] and [[flag]] and [[Notes]].\n",
	"Notes.md": "---\n---\n# Notes\n\nAn empty properties block is not a broken one.\n",
	"Diary/public.md": "---\nassistant: public\ntags: [healthy]\n---\nA note that stays visible.\n",
};

const SETTINGS = { excludedFolders: [" Private/", "private"], excludedTags: ["#Health"] };

function view(): { vault: MemoryVault; view: VaultView } {
	const vault = new MemoryVault({ files: { ...HIDDEN, ...VISIBLE } });
	return { vault, view: viewOf(vault, SETTINGS, layoutFor("")) };
}

describe("the privacy view", () => {
	it("lists, stats, reads and resolves only the notes the rules let the assistant see", async () => {
		const { view: seen } = view();
		expect(
			seen
				.listFiles()
				.map((file) => file.path)
				.sort(),
		).toEqual(Object.keys(VISIBLE).sort());
		for (const path of Object.keys(HIDDEN)) {
			expect([path, seen.stat(path)]).toEqual([path, null]);
			expect([path, seen.getMetadata(path)]).toEqual([path, null]);
			await expect(seen.read(path)).rejects.toThrow("File not found");
		}
		expect(seen.resolveLink("plan", "Projects/Atlas.md")).toBeNull();
		expect(seen.resolveLink("flag", "Projects/Atlas.md")).toBeNull();
		expect(seen.resolveLink("Notes", "Projects/Atlas.md")).toBe("Notes.md");
		expect(seen.listFolders().sort()).toEqual(["Diary", "Projects"]);
	});

	it("lists a folder's own files as it lists the vault: no hidden one, whichever folder is asked", () => {
		const { vault, view: seen } = view();
		const folders = ["", ...vault.listFolders()];
		const listed = folders.flatMap((folder) => seen.filesIn(folder).map((file) => file.path));
		expect(listed.sort()).toEqual(Object.keys(VISIBLE).sort());
		expect(seen.filesIn("Diary").map((file) => file.path)).toEqual(["Diary/public.md"]);
	});

	it("hides from a folder's listing a file that a hidden note embeds", () => {
		const vault = new MemoryVault({
			files: { "Diary/flag.md": "---\nassistant: private\n---\n![[scan.png]]", "scan.png": "png", "Plan.md": "plan" },
		});
		expect(
			viewOf(vault, {}, layoutFor("Assistant"))
				.filesIn("")
				.map((file) => file.path),
		).toEqual(["Plan.md"]);
	});

	it("says why each hidden note is hidden, for the user's own messages", () => {
		const { view: seen } = view();
		const reasons = Object.fromEntries(seen.hiddenFiles().map((file) => [file.path, file.reason]));
		expect(reasons).toMatchObject({
			"chats/2026-11-01 chat.md": "assistant-internal",
			"Private/plan.md": "excluded-folder",
			" private /spaced.md": "excluded-folder",
			"ＰＲＩＶＡＴＥ/wide.md": "excluded-folder",
			"Diary/flag-wide.md": "private",
			"Diary/tag-inline.md": "excluded-tag",
			"Diary/tag-comma.md": "excluded-tag",
			"Diary/broken-duplicate.md": "unreadable-frontmatter",
			"Diary/broken-scalar.md": "unreadable-frontmatter",
			"Diary/tag-set.md": "excluded-tag",
			"Diary/tag-mapping.md": "excluded-tag",
			"Diary/flag-mapping.md": "private",
			"Diary/flag-mapping-false.md": "private",
			"Diary/tag-punctuation.md": "excluded-tag",
			"Diary/tag-mapping-key.md": "excluded-tag",
		});
		expect(seen.hiddenReason("Private/none-yet.md")).toBe("excluded-folder");
		expect(seen.hiddenReason("Projects/Atlas.md")).toBeNull();
	});

	it("hides a note whose metadata the cache does not have yet, and shows it once it has", () => {
		const vault = new MemoryVault({ files: VISIBLE });
		let known = false;
		const late = viewOfCache(vault, () => known);
		expect(late.stat("Projects/Atlas.md")).toBeNull();
		known = true;
		expect(late.stat("Projects/Atlas.md")).not.toBeNull();
	});

	it("refuses to read a note that opens a properties block its metadata shows no properties for", async () => {
		const files = {
			"Diary/odd.md": "---\nassistant: private\n---\nSECRET-disagreement",
			"Notes.md": "---\n---\n# Notes\n",
		};
		const vault = new MemoryVault({ files });
		// A metadata cache that read no properties (a parser that disagrees with the text), the rest of the note as it is.
		const late = viewOfCache(
			vault,
			() => true,
			(metadata) => ({
				...metadata,
				frontmatter: undefined,
				frontmatterPosition: undefined,
				sections: metadata.sections?.filter((section) => section.type !== "yaml"),
			}),
		);
		await expect(late.read("Diary/odd.md")).rejects.toThrow("File not found");
		await expect(late.read("Notes.md")).resolves.toContain("# Notes");
	});

	it("follows private folders changed while the workspace lives, as the settings tab changes them during a turn", async () => {
		const vault = new MemoryVault({ files: { "Health/log.md": "# Log\nSECRET-health\n" } });
		let settings = { ...defaultPluginData().settings };
		const workspace = new AssistantWorkspace({
			store: vault,
			metadata: vault,
			auditFile: new MemoryLogFile(),
			clock: { now: () => new Date() },
			settings,
			privacyNow: () => settings,
		});
		expect(workspace.vault.stat("Health/log.md")).not.toBeNull();
		settings = { ...settings, excludedFolders: ["Health"] };
		expect(workspace.vault.stat("Health/log.md")).toBeNull();
		await expect(workspace.vault.read("Health/log.md")).rejects.toThrow("File not found");
	});

	it("cannot be stood in for by the store itself", () => {
		const store: NoteStore = new MemoryVault();
		// @ts-expect-error A store has every method of a view but not its brand: only `privacyView` makes one.
		const notAView: VaultView = store;
		void notAView;
	});
});

describe("what is derived from a hidden note", () => {
	const layout = layoutFor("");
	const target = assistantFolderTarget(layout);
	const privateDay =
		"---\nassistant: private\n---\n# 2026-11-17\n\n## Log\n- SECRET-day\n\n## Candidate long-term memory\n- SECRET-candidate\n";

	it("is not promoted: the command says skipped: private and memory.md is untouched", async () => {
		const fixture = memoryFixture(
			{ "memory/daily/2026-11-17.md": privateDay, "memory.md": "# Memory\n" },
			"2026-11-28T10:00:00Z",
		);
		const result = await promoteDay(fixture.deps, {
			date: "2026-11-17",
			target,
			memoryPath: "memory.md",
			actor: "user",
		});
		expect(result.status).toBe("skipped-private");
		expect(await fixture.snapshot()).toEqual({ "memory/daily/2026-11-17.md": privateDay, "memory.md": "# Memory\n" });
	});

	it("is neither summarised in the archive index nor moved", async () => {
		const fixture = memoryFixture(
			{
				"memory/daily/2026-10-01.md": privateDay,
				"memory/daily/2026-10-02.md": "# 2026-10-02\n\n## Log\n- Public day.\n",
			},
			"2026-11-28T10:00:00Z",
		);
		const result = await archiveOldDailyNotes(fixture.deps, layout, { actor: "user" });
		expect(result.archived.map((day) => day.date)).toEqual(["2026-10-02"]);
		expect(result.skipped).toContainEqual({ path: "memory/daily/2026-10-01.md", reason: "private" });
		const { "memory/daily/2026-10-01.md": kept, ...others } = await fixture.snapshot();
		expect(kept).toBe(privateDay);
		expect(JSON.stringify(others)).not.toContain("SECRET");
		const files = others;
		expect(files["memory/archive/index.md"]).toContain("2026-10-02");
	});

	it("is left out of the weekly summary, which says so", async () => {
		const fixture = memoryFixture(
			{
				"memory/daily/2026-11-17.md": privateDay,
				"memory/daily/2026-11-18.md": "# 2026-11-18\n\n## Log\n- 10:00 Booked the sleep lab.\n",
			},
			"2026-11-28T10:00:00Z",
		);
		const result = await buildWeeklySummary(fixture.deps, {
			week: "2026-W47",
			target,
			layout,
			model: null,
			actor: "user",
		});
		expect(result.status).toBe("written");
		expect(result.skippedPrivate).toEqual(["2026-11-17"]);
		const summary = (await fixture.snapshot())["memory/weekly/2026-W47.md"];
		expect(summary).toContain("sleep lab");
		expect(summary).not.toContain("SECRET");
	});
});

/** A view over `vault` whose metadata cache knows the notes only once `ready()` says so. */
function viewOfCache(
	vault: MemoryVault,
	ready: () => boolean,
	edit: (metadata: NoteMetadata) => NoteMetadata = (metadata) => metadata,
): VaultView {
	const known = (path: string) => {
		const metadata = ready() ? vault.getMetadata(path) : null;
		return metadata === null ? null : edit(metadata);
	};
	const cache = {
		getMetadata: known,
		resolveLink: (link: string, from: string) => vault.resolveLink(link, from),
		resolvedLinks: vault.resolvedLinks,
	};
	return privacyViewOver(vault, cache);
}

function privacyViewOver(vault: MemoryVault, metadata: MetadataSource): VaultView {
	return privacyView({ store: vault, metadata }, indexPolicyFor(layoutFor(""), { configDir: vault.configDir }));
}

describe("the newest files the view shows", () => {
	const DAY = 86_400_000;
	const dated = (files: Record<string, string>, daysAgo: number) =>
		Object.fromEntries(
			Object.entries(files).map(([path, content]) => [
				path,
				{ content, mtime: Date.UTC(2026, 10, 30) - daysAgo * DAY },
			]),
		);
	const isNote = (path: string) => path.endsWith(".md");

	it("are never hidden ones, however many hidden notes were changed after them", () => {
		const vault = new MemoryVault({
			files: {
				...dated(HIDDEN, 0),
				...dated({ "Projects/Atlas.md": VISIBLE["Projects/Atlas.md"] }, 1),
				...dated({ "Notes.md": VISIBLE["Notes.md"], "Diary/public.md": VISIBLE["Diary/public.md"] }, 2),
			},
		});
		const shown = viewOf(vault, SETTINGS, layoutFor("")).newestFiles(2, isNote);
		// Changed on the same day, two files come in the order of their paths.
		expect(shown.map((file) => file.path)).toEqual(["Projects/Atlas.md", "Diary/public.md"]);
		const all = viewOf(vault, SETTINGS, layoutFor("")).newestFiles(100, () => true);
		expect(all.map((file) => file.path).sort()).toEqual(Object.keys(VISIBLE).sort());
	});

	it("are found behind hundreds of newer hidden ones, and only among the files asked for", () => {
		const hidden: Record<string, string> = {};
		for (let i = 0; i < 300; i++) hidden[`Diary/${i}.md`] = "---\nassistant: private\n---\nSECRET";
		const vault = new MemoryVault({
			files: {
				...dated(hidden, 0),
				...dated({ "Notes/a.md": "a", "Notes/b.md": "b", "Projects/c.md": "c" }, 1),
			},
		});
		const view = viewOf(vault, {}, layoutFor(""));
		expect(view.newestFiles(2, isNote).map((file) => file.path)).toEqual(["Notes/a.md", "Notes/b.md"]);
		const inProjects = view.newestFiles(2, (path) => path.startsWith("Projects/"));
		expect(inProjects.map((file) => file.path)).toEqual(["Projects/c.md"]);
	});

	it("come newest first whatever order the vault lists them in, oldest first included", () => {
		const files: Record<string, { content: string; mtime: number }> = {};
		// Listed oldest first, with days shared by several notes and the newest ones not all notes.
		for (let i = 0; i < 200; i++)
			files[`n${String(199 - i).padStart(3, "0")}.${i % 7 === 0 ? "png" : "md"}`] = {
				content: "x",
				mtime: Date.UTC(2026, 0, 1) + Math.floor(i / 3) * DAY,
			};
		const expected = Object.entries(files)
			.filter(([path]) => isNote(path))
			.sort(([a, x], [b, y]) => y.mtime - x.mtime || (a < b ? -1 : 1))
			.slice(0, 10)
			.map(([path]) => path);
		const view = viewOf(new MemoryVault({ files }), {}, layoutFor("Assistant"));
		expect(view.newestFiles(10, isNote).map((file) => file.path)).toEqual(expected);
	});

	it("ask which files are wanted of the few that could be among the newest, not of a whole large vault", () => {
		const files: Record<string, { content: string; mtime: number }> = {};
		// Listed in the order of their paths, changed in no order; the newest 500 (the assistant's own, say) are not wanted.
		for (let i = 0; i < 20_000; i++)
			files[`n${String(i).padStart(5, "0")}.md`] = {
				content: "x",
				mtime: Date.UTC(2026, 0, 1) + ((i * 7919) % 20_000) * DAY,
			};
		const newestDay = Date.UTC(2026, 0, 1) + 19_999 * DAY;
		const wanted = (path: string) => files[path].mtime <= newestDay - 500 * DAY;
		const asked: string[] = [];
		const view = viewOf(new MemoryVault({ files }), {}, layoutFor("Assistant"));
		const shown = view.newestFiles(12, (path) => (asked.push(path), wanted(path)));
		const expected = Object.entries(files)
			.filter(([path]) => wanted(path))
			.sort(([, x], [, y]) => y.mtime - x.mtime)
			.slice(0, 12)
			.map(([path]) => path);
		expect(shown.map((file) => file.path)).toEqual(expected);
		expect(asked.length).toBeLessThan(2_000);
	});

	it("ask which files are wanted of the newest few of a vault listed oldest first, as a copied vault is", () => {
		const files: Record<string, { content: string; mtime: number }> = {};
		for (let i = 0; i < 20_000; i++)
			files[`n${String(i).padStart(5, "0")}.md`] = { content: "x", mtime: Date.UTC(2026, 0, 1) + i * 1000 };
		const asked: string[] = [];
		const view = viewOf(new MemoryVault({ files }), {}, layoutFor("Assistant"));
		// The newest 500 are not wanted (the assistant's own, say).
		const shown = view.newestFiles(3, (path) => (asked.push(path), Number(path.slice(1, 6)) < 19_500));
		expect(shown.map((file) => file.path)).toEqual(["n19499.md", "n19498.md", "n19497.md"]);
		expect(asked.length).toBeLessThan(1_000);
	});

	it("follow a note made private and a folder made private since the last time they were asked for", async () => {
		// Each edit leaves the note changed last.
		let clock = Date.UTC(2026, 11, 1);
		const vault = new MemoryVault({
			files: { ...dated({ "Work/plan.md": "# Plan" }, 0), ...dated({ "Notes.md": "# Notes" }, 1) },
			now: () => (clock += 1000),
		});
		let settings: { excludedFolders: string[] } = { excludedFolders: [] };
		const view = privacyView({ store: vault, metadata: vault }, () =>
			indexPolicyFor(layoutFor(""), { configDir: vault.configDir, ...settings }),
		);
		expect(view.newestFiles(1, isNote).map((file) => file.path)).toEqual(["Work/plan.md"]);
		await vault.process("Work/plan.md", () => "---\nassistant: private\n---\n# Plan");
		expect(view.newestFiles(1, isNote).map((file) => file.path)).toEqual(["Notes.md"]);
		await vault.process("Work/plan.md", () => "# Plan, public again");
		expect(view.newestFiles(1, isNote).map((file) => file.path)).toEqual(["Work/plan.md"]);
		settings = { excludedFolders: ["Work"] };
		expect(view.newestFiles(1, isNote).map((file) => file.path)).toEqual(["Notes.md"]);
	});
});
