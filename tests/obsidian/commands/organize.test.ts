/**
 * @jest-environment jsdom
 */
import { Notice, setLanguageForTests } from "../../../sandbox/obsidianApi";
import { click, commandPlugin, modalTitled, resetCommandTest, runCommand, type, until } from "./commandFixture";

beforeEach(resetCommandTest);

const VAULT = {
	"Projects/Atlas.md": "---\ntags: [project]\n---\n# Atlas\n",
	"Projects/Budget.md": "# Budget\n#project\n",
	"Notes/Index.md": "# Index\n\nSee [[Inbox/2026-03-17 Meeting]] and [[Inbox/2026-03-16 Recipe]].\n",
	"Resources/Recipes/Pancakes.md": "# Pancakes\n",
	"Inbox/2026-03-17 Meeting.md": "Decisions about [[Atlas]]: ship in May.\n",
	"Inbox/2026-03-16 Recipe.md": "---\ntags: [recipes]\n---\nLemon tart.\n",
};

describe("organize from the palette", () => {
	it("previews the move of the current note (folder, why, links), then moves it and updates the links", async () => {
		const { app, mock, text } = await commandPlugin(VAULT);
		app.workspace.activeFile = app.vault.getFileByPath("Inbox/2026-03-17 Meeting.md");
		runCommand(mock, "organize-current-note");
		const modal = await modalTitled("Organize 2026-03-17 Meeting");
		expect(modal.querySelector(".assistant-organize-folder")?.textContent).toBe(
			"Move to Projects, as Projects/2026-03-17 Meeting.md.",
		);
		expect(modal.querySelector(".assistant-organize-reasons")?.textContent).toContain(
			"It links with the project note Atlas in Projects.",
		);
		expect(Array.from(modal.querySelectorAll(".assistant-organize-links li")).map((item) => item.textContent)).toEqual([
			"Index",
		]);
		expect(app.vault.getFileByPath("Projects/2026-03-17 Meeting.md")).toBeNull();
		click(modal, "Move");
		await until(() => Notice.messages.length > 0, "the move's notice");
		expect(Notice.messages).toEqual(["Moved, with the links of other notes updated (1): 2026-03-17 Meeting"]);
		expect(app.vault.getFileByPath("Inbox/2026-03-17 Meeting.md")).toBeNull();
		expect(await text("Projects/2026-03-17 Meeting.md")).toBe(VAULT["Inbox/2026-03-17 Meeting.md"]);
		// The link follows the note, written as Obsidian writes it (the shortest form that finds it).
		expect(await text("Notes/Index.md")).toContain("See [[2026-03-17 Meeting]] and");
		expect(app.metadataCache.getFirstLinkpathDest("2026-03-17 Meeting", "Notes/Index.md")?.path).toBe(
			"Projects/2026-03-17 Meeting.md",
		);
		expect(app.calls.names()).toContain("fileManager.renameFile");
	});

	it("moves to the folder the user picks instead, and moves nothing on cancel", async () => {
		const { app, mock, text } = await commandPlugin(VAULT);
		app.workspace.activeFile = app.vault.getFileByPath("Inbox/2026-03-17 Meeting.md");
		runCommand(mock, "organize-current-note");
		const preview = await modalTitled("Organize 2026-03-17 Meeting");
		click(preview, "Change folder…");
		const picker = document.querySelector<HTMLElement>(".modal.prompt")!;
		type(picker.querySelector("input")!, "Notes");
		await until(() => picker.querySelector(".suggestion-item")?.textContent === "Notes", "the folder list");
		(picker.querySelector(".suggestion-item") as HTMLElement).click();
		expect(preview.querySelector(".assistant-organize-folder")?.textContent).toBe(
			"Move to Notes, as Notes/2026-03-17 Meeting.md.",
		);
		expect(preview.querySelector(".assistant-organize-reasons")?.textContent).toBe("You chose this folder.");
		click(preview, "Move");
		await until(() => app.vault.getFileByPath("Notes/2026-03-17 Meeting.md") !== null, "the move");
		expect(await text("Notes/Index.md")).not.toContain("[[Inbox/2026-03-17 Meeting]]");
		expect(app.metadataCache.getFirstLinkpathDest("2026-03-17 Meeting", "Notes/Index.md")?.path).toBe(
			"Notes/2026-03-17 Meeting.md",
		);

		app.workspace.activeFile = app.vault.getFileByPath("Notes/2026-03-17 Meeting.md");
		runCommand(mock, "organize-current-note");
		click(await modalTitled("Organize 2026-03-17 Meeting"), "Cancel");
		expect(app.vault.getFileByPath("Notes/2026-03-17 Meeting.md")).not.toBeNull();
	});

	it("reviews the whole inbox in one list: each note accepted, changed or skipped before anything moves", async () => {
		const { app, mock } = await commandPlugin(VAULT);
		runCommand(mock, "organize-inbox");
		const modal = await modalTitled("Organize inbox: 2 notes");
		const rows = Array.from(modal.querySelectorAll<HTMLElement>(".assistant-organize-row"));
		expect(rows.map((row) => row.querySelector(".setting-item-name")?.textContent)).toEqual([
			"2026-03-16 Recipe",
			"2026-03-17 Meeting",
		]);
		expect(rows[0].querySelector(".assistant-organize-folder")?.textContent).toBe(
			"Move to Resources/Recipes, as Resources/Recipes/2026-03-16 Recipe.md.",
		);
		expect(rows[0].querySelector(".assistant-organize-decision")?.textContent).toBe(
			"Decision: move to Resources/Recipes.",
		);
		click(rows[1], "Skip");
		const list = await modalTitled("Organize inbox: 2 notes");
		// The decision is said in words, not only by the highlighted button.
		expect(Array.from(list.querySelectorAll(".assistant-organize-decision")).map((line) => line.textContent)).toEqual([
			"Decision: move to Resources/Recipes.",
			"Decision: skip, it stays where it is.",
		]);
		expect(app.vault.getFileByPath("Resources/Recipes/2026-03-16 Recipe.md")).toBeNull();
		click(list, "Move accepted notes (1)");
		await until(() => Notice.messages.length > 0, "the moves' notice");
		expect(app.vault.getFileByPath("Resources/Recipes/2026-03-16 Recipe.md")).not.toBeNull();
		expect(app.vault.getFileByPath("Inbox/2026-03-17 Meeting.md")).not.toBeNull();
	});

	it("says which verified notes a move would change and moves only after an explicit confirmation", async () => {
		const checked = "---\nverified: true\n---\n# Checked\n\nMinutes: [[Inbox/2026-03-17 Meeting]].\n";
		const { app, mock, text } = await commandPlugin({ ...VAULT, "Notes/Checked.md": checked });
		app.workspace.activeFile = app.vault.getFileByPath("Inbox/2026-03-17 Meeting.md");
		runCommand(mock, "organize-current-note");
		const preview = await modalTitled("Organize 2026-03-17 Meeting");
		expect(
			Array.from(preview.querySelectorAll(".assistant-organize-verified li")).map((item) => item.textContent),
		).toEqual(["Checked"]);
		click(preview, "Move");
		const confirm = await modalTitled("Change 1 verified note?");
		expect(confirm.querySelector(".assistant-organize-verified")?.textContent).toBe("Checked");
		click(confirm, "Cancel");
		expect(app.vault.getFileByPath("Inbox/2026-03-17 Meeting.md")).not.toBeNull();
		expect(await text("Notes/Checked.md")).toBe(checked);

		runCommand(mock, "organize-current-note");
		click(await modalTitled("Organize 2026-03-17 Meeting"), "Move");
		click(await modalTitled("Change 1 verified note?"), "Move anyway");
		await until(() => app.vault.getFileByPath("Projects/2026-03-17 Meeting.md") !== null, "the confirmed move");
		expect(await text("Notes/Checked.md")).toContain("Minutes: [[2026-03-17 Meeting]].");
	});

	it("writes taxonomy suggestions to a report note, changing nothing else", async () => {
		const tagged = Object.fromEntries(Array.from({ length: 5 }, (_, n) => [`Notes/Trip ${n}.md`, "#travel\n"]));
		const { app, mock, text } = await commandPlugin({ ...VAULT, ...tagged, "Old/.keep.md": "" }, {});
		const before = app.vault
			.getFiles()
			.map((file) => file.path)
			.sort();
		runCommand(mock, "suggest-taxonomy-changes");
		await until(() => Notice.messages.length > 1, "the report's notice");
		// Its progress first, at once: the report looks over the whole vault in one go.
		expect(Notice.messages).toEqual([
			"Looking through the vault's folders and tags…",
			"Taxonomy suggestions written: Taxonomy suggestions 2026-03-18",
		]);
		const report = await text("Taxonomy suggestions 2026-03-18.md");
		expect(report).toContain("- #travel is on 5 notes but no folder has its name; they now live in Notes.");
		expect(
			app.vault
				.getFiles()
				.map((file) => file.path)
				.sort(),
		).toEqual([...before, "Taxonomy suggestions 2026-03-18.md"].sort());
	});

	it("names the taxonomy report and the vault map in Chinese when the interface is, and keeps up an English-named map rather than adding a second", async () => {
		setLanguageForTests("zh");
		const { app, mock, text } = await commandPlugin(
			{ ...VAULT, "Vault map.md": "# Vault map\n\nMy words.\n" },
			{ settings: { language: "zh" } },
		);
		runCommand(mock, "suggest-taxonomy-changes");
		await until(() => Notice.messages.length > 1, "the report's notice");
		expect(await text("分类调整建议 2026-03-18.md")).toMatch(/^# 分类调整建议，2026-03-18\n/);
		runCommand(mock, "refresh-vault-map");
		await until(() => Notice.messages.length > 3, "the map's notice");
		expect(await text("Vault map.md")).toMatch(/^# Vault map\n\nMy words\.\n[\s\S]*\| Notes \|/);
		expect(app.vault.getFileByPath("仓库地图.md")).toBeNull();
	});

	it("names a new vault map in Chinese when the interface is", async () => {
		setLanguageForTests("zh");
		const { mock, text } = await commandPlugin(VAULT, { settings: { language: "zh" } });
		runCommand(mock, "refresh-vault-map");
		await until(() => Notice.messages.length > 1, "the map's notice");
		expect(await text("仓库地图.md")).toMatch(/^# 仓库地图\n/);
	});
});
