import { inferTaxonomy, folderForRole } from "../../../src/core/organize/taxonomy";
import { matchFolderName } from "../../../src/core/organize/roleNames";
import { organizeFixture } from "./fixture";

const roles = (files: Record<string, string>, options: Parameters<typeof organizeFixture>[1] = {}) =>
	Object.fromEntries(
		inferTaxonomy(organizeFixture(files, options).organize).folders.map((entry) => [
			entry.folder,
			[entry.role, entry.confidence],
		]),
	);

describe("taxonomy inferred from the vault's folders", () => {
	it("reads an English vault: exact names 0.9, near names 0.6, others 0.3, subfolders take their parent's role", () => {
		expect(
			roles({
				"Inbox/a.md": "a",
				"Projects/Thesis/plan.md": "p",
				"Archive/old.md": "o",
				"Templates/Meeting.md": "t",
				"Resources/Recipes/soup.md": "s",
				"00 Notes 📝/idea.md": "i",
				"Daily Notes/x.md": "x",
				"Zettelkasten/z.md": "z",
				"People/lin.md": "l",
			}),
		).toEqual({
			"00 Notes 📝": ["notes", 0.6],
			Archive: ["archive", 0.9],
			"Daily Notes": ["journal", 0.9],
			Inbox: ["inbox", 0.95],
			People: ["notes", 0.3],
			Projects: ["projects", 0.9],
			"Projects/Thesis": ["projects", 0.9],
			Resources: ["resources", 0.9],
			"Resources/Recipes": ["resources", 0.9],
			Templates: ["templates", 0.9],
			Zettelkasten: ["notes", 0.6],
		});
	});

	it("reads a Chinese vault by its own folder names", () => {
		expect(
			roles({
				"收件箱/想法.md": "a",
				"项目/厨房改造.md": "b",
				"归档/旧笔记.md": "c",
				"日记/随便.md": "d",
				"模板/会议.md": "e",
				"资源/菜谱.md": "f",
				"读书笔记/三体.md": "g",
				"人物/林.md": "h",
			}),
		).toEqual({
			人物: ["notes", 0.3],
			收件箱: ["inbox", 0.9],
			日记: ["journal", 0.9],
			归档: ["archive", 0.9],
			模板: ["templates", 0.9],
			读书笔记: ["notes", 0.6],
			资源: ["resources", 0.9],
			项目: ["projects", 0.9],
		});
	});

	it("learns from the user's structure: mostly dated notes are a journal, the Templates plugin's folder holds templates", () => {
		const learned = roles(
			{
				"Log book/2026-11-01.md": "",
				"Log book/2026-11-02.md": "",
				"Log book/2026-11-03.md": "",
				"Log book/ideas.md": "",
				"Scaffolds/a.md": "",
				"Clients/a.md": "#project",
				"Clients/b.md": "#project",
				"Clients/c.md": "---\ntype: 项目\n---\n",
			},
			{ templatesFolder: "Scaffolds" },
		);
		expect(learned["Log book"]).toEqual(["journal", 0.8]);
		expect(learned.Scaffolds).toEqual(["templates", 0.95]);
		expect(learned.Clients).toEqual(["projects", 0.7]);
	});

	it("keeps the assistant's own folders as memory, and never shows private or hidden folders", () => {
		const fixture = organizeFixture(
			{
				"memory/daily/2026-11-01.md": "",
				"memory/weekly/2026-W44.md": "",
				"Secret/a.md": "",
				".trash/x.md": "",
				"Notes/a.md": "",
			},
			{ excludedFolders: ["Secret"] },
		);
		const taxonomy = inferTaxonomy(fixture.organize);
		expect(taxonomy.folders.map((entry) => [entry.folder, entry.role])).toEqual([
			["Notes", "notes"],
			["memory", "memory"],
			["memory/daily", "memory"],
			["memory/weekly", "memory"],
		]);
		expect(folderForRole(taxonomy, "notes")?.folder).toBe("Notes");
	});

	it.each([
		["Inbox", "inbox", "exact"],
		["收件箱", "inbox", "exact"],
		["1. Projects", "projects", "near"],
		["Projcts", "projects", "near"],
		["我的项目", "projects", "near"],
		["歸檔", "archive", "exact"],
		["Holiday photos", null, null],
	])("names %j as %j (%s)", (name, role, kind) => {
		const match = matchFolderName(name);
		expect(match === null ? [null, null] : [match.role, match.kind]).toEqual([role, kind]);
	});
});
