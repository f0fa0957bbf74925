/**
 * @jest-environment jsdom
 */
import { Notice, setLanguageForTests } from "../../sandbox/obsidianApi";
import { setLanguage } from "../../src/i18n";
import { MemoryIndexStore } from "../harness/memoryIndexStore";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import type { Plugin as MockPlugin } from "../../sandbox/obsidianApi/plugin";
import { App, command, indexStatus, indexStatusRow, loadPlugin, until, untilIndexed } from "./pluginFixture";

const NOTES = {
	"Projects/Atlas.md":
		"---\ntags: [project/atlas]\n---\n# Atlas\nIntro.\n## Budget\nThe lighthouse budget was approved.",
	"Notes/harbor.md": "# Harbor\nThe harbor lighthouse was repainted.",
	"Notes/garden.md": "# Garden\nTomatoes and basil.",
	"Private/diary.md": "The lighthouse keeper's secret.",
	"Notes/secret.md": "---\nassistant: private\n---\nLighthouse code: 1234.",
	"chats/2026-03-01 chat.md": "We talked about the lighthouse.",
};

/** File times that move on with every write, as a disk's do. */
function vaultApp(files: Record<string, string> = NOTES): App {
	let time = Date.UTC(2026, 0, 1);
	return new App(new MemoryVault({ files, now: () => (time += 1000) }));
}

const reads = (app: App) => app.calls.count("vault.read") + app.calls.count("vault.cachedRead");
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs "Search memory", types `query` and reads the list as shown: place, then snippet. */
async function searchMemory(mock: MockPlugin, query: string) {
	command(mock, "search-memory")();
	const modal = Array.from(document.querySelectorAll(".modal-container")).at(-1) as HTMLElement;
	const input = modal.querySelector("input") as HTMLInputElement;
	input.value = query;
	input.dispatchEvent(new Event("input"));
	for (let i = 0; i < 5; i++) await tick(); // the list, then the snippets read from the notes
	const rows = Array.from(modal.querySelectorAll(".suggestion-item")).map((row) => ({
		place: row.querySelector(".suggestion-title")?.textContent ?? "",
		snippet: row.querySelector(".suggestion-note")?.textContent ?? "",
	}));
	return { rows, empty: modal.querySelector(".suggestion-empty")?.textContent ?? null, input, modal };
}

async function searchPaths(mock: MockPlugin, query: string): Promise<string[]> {
	const { rows, modal } = await searchMemory(mock, query);
	modal.remove();
	return rows.map((row) => row.place.split(" › ")[0]);
}

async function withSettings(mock: MockPlugin, key: string, value: unknown): Promise<void> {
	await (
		mock.settingTabs[0] as unknown as { setControlValue(key: string, value: unknown): Promise<void> }
	).setControlValue(key, value);
}

beforeEach(() => {
	Notice.messages.length = 0;
	setLanguageForTests("en");
	setLanguage("en");
	document.body.empty();
});

describe("the search index in Obsidian", () => {
	it("waits for layout-ready, then indexes the vault, never reading private notes or chat transcripts", async () => {
		const app = vaultApp();
		const { mock } = await loadPlugin(app);
		await withSettings(mock, "excludedFolders", "Private");
		expect(reads(app)).toBe(0);
		expect(indexStatus(mock)).toBe("The index is built once Obsidian has finished loading.");
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		expect(reads(app)).toBe(3);
		expect(await searchPaths(mock, "lighthouse")).toEqual(["Notes/harbor.md", "Projects/Atlas.md"]);
		expect(indexStatus(mock)).toMatch(
			/^3 notes indexed, in \d+ passages\. Not indexed: 1 chat transcript or audit record, 1 in excluded folders, and 1 marked private\. Last update .*: 4 new or changed notes in \d\.\d s\.$/,
		);
	});

	it("keeps a note whose properties do not parse out of search, and names it in the status for the user to fix", async () => {
		const app = vaultApp({
			...NOTES,
			"Notes/broken.md": "---\nassistant: private\nassistant: public\n---\nThe lighthouse alarm code is 4321.",
		});
		const { mock } = await loadPlugin(app);
		await withSettings(mock, "excludedFolders", "Private");
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		expect(await searchPaths(mock, "lighthouse alarm")).not.toContain("Notes/broken.md");
		expect(indexStatus(mock)).toContain("1 with properties that could not be read, kept private until fixed");
		expect(indexStatus(mock)).toContain(
			"Kept private until their properties (frontmatter) are fixed: Notes/broken.md.",
		);
	});

	it("shows each hit with its heading and a snippet, and Enter opens the note at the hit's line", async () => {
		const app = vaultApp();
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		const { rows, input } = await searchMemory(mock, "budget approved");
		expect(rows[0]).toEqual({
			place: "Projects/Atlas.md › Atlas > Budget",
			snippet: "The lighthouse budget was approved.",
		});
		input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
		await until(() => app.workspace.activeFile !== null, "the note to open");
		const leaf = app.workspace.openLeaves.at(-1);
		expect(leaf?.file?.path).toBe("Projects/Atlas.md");
		expect(leaf?.openState).toEqual({ eState: { line: 6 } }); // line 7, counted from 0 by the editor
		expect((await searchMemory(mock, "zeppelin")).empty).toBe("No matching notes.");
	});

	it("follows edits, renames and deletions without reading any note", async () => {
		const app = vaultApp();
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		const before = reads(app);
		await app.vault.modify(app.vault.getFileByPath("Notes/garden.md")!, "# Garden\nPeppers and a lighthouse lamp.");
		await app.fileManager.renameFile(app.vault.getFileByPath("Notes/harbor.md")!, "Notes/Port.md");
		await app.fileManager.trashFile(app.vault.getFileByPath("Projects/Atlas.md")!);
		await tick();
		expect(reads(app)).toBe(before); // the events carried all the index needed
		expect(await searchPaths(mock, "peppers")).toEqual(["Notes/garden.md"]);
		expect(await searchPaths(mock, "tomatoes")).toEqual([]);
		expect((await searchPaths(mock, "lighthouse")).sort()).toEqual([
			"Notes/Port.md",
			"Notes/garden.md",
			"Private/diary.md",
		]);
	});

	it("moves a folder's notes with it, reading none of them", async () => {
		const app = vaultApp();
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		const before = reads(app);
		await app.fileManager.renameFile(app.vault.getFolderByPath("Notes")!, "Archive");
		await until(() => /: 0 new or changed notes/.test(indexStatus(mock)), "the folder check");
		expect(reads(app)).toBe(before);
		expect(await searchPaths(mock, "tomatoes")).toEqual(["Archive/garden.md"]);
	});

	it("restarts from the index saved on the device: nothing read in an unchanged vault, one note for one change", async () => {
		const app = vaultApp();
		const device = new MemoryIndexStore();
		const first = await loadPlugin(app, device);
		app.workspace.triggerLayoutReady();
		await untilIndexed(first.mock);
		first.mock.unload();
		await until(() => device.hasSnapshot && device.counts.closes === 1, "the index to be saved");

		app.calls.reset();
		const second = await loadPlugin(app, device);
		await untilIndexed(second.mock);
		expect(reads(app)).toBe(0);
		expect(indexStatus(second.mock)).toMatch(/Last update .*: 0 new or changed notes/);
		expect(await searchPaths(second.mock, "tomatoes")).toEqual(["Notes/garden.md"]);
		second.mock.unload();
		await until(() => device.counts.closes === 2, "the second instance to close");

		await app.vault.process(app.vault.getFileByPath("Notes/harbor.md")!, () => "# Harbor\nRepainted blue.");
		app.calls.reset();
		const third = await loadPlugin(app, device);
		await untilIndexed(third.mock);
		expect(reads(app)).toBe(1);
		expect(await searchPaths(third.mock, "blue")).toEqual(["Notes/harbor.md"]);
	});

	it("shows its progress in the status bar, in the interface language, then clears it", async () => {
		const files: Record<string, string> = {};
		for (let i = 0; i < 3000; i++) files[`notes/${i}.md`] = `# Note ${i}\nharbor ${i} lighthouse`;
		setLanguageForTests("zh");
		const app = vaultApp(files);
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		const item = mock.statusBarItems[0];
		const shown: string[] = [];
		new MutationObserver(() => shown.push(item.getText())).observe(item, {
			childList: true,
			characterData: true,
			subtree: true,
		});
		await until(() => item.getText() === "" && shown.length > 1, "the build to finish");
		expect(shown[0]).toBe("正在索引 0 / 3,000");
		// Counts are drawn a few times a second (see the status bar's own tests): how many depends on the machine.
		for (const text of shown) expect(text).toMatch(/^(正在索引 [\d,]+ \/ 3,000|正在完成索引|)$/);
		expect(item.isShown()).toBe(false);
	});

	it("lets pinned and opened notes rank higher among matches, but never makes a match", async () => {
		const app = vaultApp({ "a.md": "sqlite notes", "b.md": "sqlite notes", "c.md": "postgres notes" });
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		expect(await searchPaths(mock, "sqlite")).toEqual(["a.md", "b.md"]);
		await withSettings(mock, "pinnedNotes", "b\nc");
		expect(await searchPaths(mock, "sqlite")).toEqual(["b.md", "a.md"]);
		await withSettings(mock, "pinnedNotes", "");
		await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath("b.md")!);
		await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath("c.md")!);
		expect(await searchPaths(mock, "sqlite")).toEqual(["b.md", "a.md"]);
	});

	it("keeps a pinned note pinned when it is renamed", async () => {
		const app = vaultApp({ "a.md": "sqlite", "b.md": "sqlite" });
		const { mock } = await loadPlugin(app);
		await withSettings(mock, "pinnedNotes", "b.md");
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		await app.fileManager.renameFile(app.vault.getFileByPath("b.md")!, "z.md");
		await until(
			() => (mock.settingTabs[0].getControlValue("pinnedNotes") as string) === "z.md",
			"the setting to follow",
		);
		expect(await searchPaths(mock, "sqlite")).toEqual(["z.md", "a.md"]);
	});

	it("drops a newly excluded folder from search at once, and indexes a folder no longer excluded", async () => {
		const app = vaultApp();
		const { mock } = await loadPlugin(app);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		expect(await searchPaths(mock, "keeper")).toEqual(["Private/diary.md"]);
		await withSettings(mock, "excludedFolders", "Private\nNotes");
		expect(await searchPaths(mock, "lighthouse")).toEqual(["Projects/Atlas.md"]);
		await withSettings(mock, "excludedFolders", "");
		await searchPaths(mock, "anything"); // applies the change
		await until(() => indexStatus(mock).startsWith("4 notes indexed"), "the notes to come back");
		expect((await searchPaths(mock, "lighthouse")).sort()).toEqual([
			"Notes/harbor.md",
			"Private/diary.md",
			"Projects/Atlas.md",
		]);
	});

	it("rebuilds from scratch from the command and from the settings tab, and says how long it took", async () => {
		const app = vaultApp();
		const device = new MemoryIndexStore();
		const { mock } = await loadPlugin(app, device);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		command(mock, "rebuild-index")();
		await until(() => Notice.messages.length === 1, "the notice");
		expect(Notice.messages[0]).toMatch(/^Indexed 4 notes in \d\.\d s\.$/);
		expect(device.counts.clears).toBe(1);
		const row = indexStatusRow(mock);
		expect(row.button?.textContent).toBe("Rebuild");
		row.button?.click();
		await until(() => Notice.messages.length === 2, "the second notice");
		expect(device.counts.clears).toBe(2);
	});

	it("stops following the vault when unloaded, leaving no status bar item behind", async () => {
		const app = vaultApp();
		const device = new MemoryIndexStore();
		const { mock } = await loadPlugin(app, device);
		app.workspace.triggerLayoutReady();
		await untilIndexed(mock);
		mock.unload();
		await until(() => device.counts.closes === 1, "the store to close");
		const saves = device.counts.snapshotSaves;
		await app.vault.modify(app.vault.getFileByPath("Notes/garden.md")!, "changed");
		await tick();
		expect(mock.statusBarItems).toEqual([]);
		expect(device.counts.snapshotSaves).toBe(saves);
	});
});
