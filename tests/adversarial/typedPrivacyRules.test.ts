/**
 * Private folders and tags as people type them: in quotes, with the punctuation of a sentence
 * around them, as the items of a list (`- Private`, `1. Private`), several on one line
 * (`Private, Journal`, `Private | Journal`, `#health #secret`). Each spelling hides
 * the notes it names by every route a rule comes in: a policy made from the settings, a
 * `data.json` written by hand or by an older version, the command line's flags and the MCP
 * server reading the vault's settings. A folder whose name holds spaces stays one folder.
 */
import { openHeadlessWorkspace } from "../../headless/host/headlessWorkspace";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { assertContained } from "../../src/core/vault/containment";
import type { VaultView } from "../../src/core/vault/vaultView";
import { loadPluginDataFiles } from "../../src/core/workspace/data/load";
import { defaultPluginData } from "../../src/core/workspace/data/pluginData";
import { viewOf } from "../harness/viewOf";
import { connect, textOf, type Connected } from "../headless/mcp/mcpVault";
import { TempVault } from "../headless/tempVault";
import { runCli } from "../scripts/runCli";

const DATA = ".obsidian/plugins/assistant-workspace/data.json";

/** Every hidden note holds this word, and no visible one does. */
const SECRET = "quetzal4471";

/** The folders as they are on disk, each with one note; the tags each on a note of its own. */
const FILES: Record<string, string> = {
	"Private/plan.md": `Plan ${SECRET}\n`,
	"Journal/today.md": `Today ${SECRET}\n`,
	"My Journal/entry.md": `Entry ${SECRET}\n`,
	"Private Notes/idea.md": `Idea ${SECRET}\n`,
	"日记・旅行/day.md": `Day ${SECRET}\n`,
	"Work, Home/list.md": `List ${SECRET}\n`,
	"Notes/health.md": `Sleep log ${SECRET} #health\n`,
	"Notes/secret.md": `---\ntags: [secret]\n---\nCode ${SECRET}\n`,
	"Notes/public.md": "A public note about sleep, health and secrets.\n",
	"Privately/kept.md": "A folder that only starts like the private one.\n",
	"My/kept.md": "A folder that only starts like the journal with a space.\n",
	"Home/kept.md": "A public folder.\n",
};

/** Each spelling as typed (a line of the settings, an entry of an older `data.json`), with what it must hide. */
const FOLDER_SPELLINGS: readonly (readonly [string, readonly string[]])[] = [
	['"Private"', ["Private/plan.md"]],
	["'Private'", ["Private/plan.md"]],
	["Private;", ["Private/plan.md"]],
	["“Private”", ["Private/plan.md"]],
	["/Private/", ["Private/plan.md"]],
	["[Private]", ["Private/plan.md"]],
	["Private, Journal", ["Private/plan.md", "Journal/today.md"]],
	["Private; Journal", ["Private/plan.md", "Journal/today.md"]],
	["My Journal", ["My Journal/entry.md"]],
	['"My Journal",', ["My Journal/entry.md"]],
	// The items of a list as a Markdown note or a word processor writes them.
	["- Private", ["Private/plan.md"]],
	["* Private", ["Private/plan.md"]],
	["+ Private", ["Private/plan.md"]],
	["• Private", ["Private/plan.md"]],
	["1. Private", ["Private/plan.md"]],
	["1) Private", ["Private/plan.md"]],
	["- [ ] Private", ["Private/plan.md"]],
	["- [x] My Journal", ["My Journal/entry.md"]],
	["- Private\n- My Journal", ["Private/plan.md", "My Journal/entry.md"]],
	// Separators that no folder name holds, or (the ideographic space) that CJK input puts between words.
	["Private\tJournal", ["Private/plan.md", "Journal/today.md"]],
	["Private | Journal", ["Private/plan.md", "Journal/today.md"]],
	["Private\u3000Journal", ["Private/plan.md", "Journal/today.md"]],
	// A home folder's spelling, and a name copied from a link.
	["~/Private", ["Private/plan.md"]],
	["Private%20Notes", ["Private Notes/idea.md"]],
	// `・` joins the words of one Japanese name.
	["日记・旅行", ["日记・旅行/day.md"]],
];
const TAG_SPELLINGS: readonly (readonly [string, readonly string[]])[] = [
	["#health #secret", ["Notes/health.md", "Notes/secret.md"]],
	["health secret", ["Notes/health.md", "Notes/secret.md"]],
	["secret,", ["Notes/secret.md"]],
	["(secret)", ["Notes/secret.md"]],
	['"#health"', ["Notes/health.md"]],
	["health; secret", ["Notes/health.md", "Notes/secret.md"]],
	["＃health、secret", ["Notes/health.md", "Notes/secret.md"]],
];

/** The files the view lists, sorted. */
function listed(view: VaultView): string[] {
	return view
		.listFiles()
		.map((file) => file.path)
		.sort();
}

/** The files of `FILES` that should be listed once `hidden` are hidden. */
function shownWithout(hidden: readonly string[]): string[] {
	return Object.keys(FILES)
		.filter((path) => !hidden.includes(path))
		.sort();
}

/** `data.json` as an older version or a hand saved it, with these privacy lists. */
function dataJson(excludedFolders: readonly string[], excludedTags: readonly string[]): string {
	const data = defaultPluginData();
	return JSON.stringify({ ...data, settings: { ...data.settings, excludedFolders, excludedTags } }, null, 2);
}

describe("private folders and tags as people type them", () => {
	it("hides the notes each typed folder names, in a policy made from the settings", async () => {
		const vault = new MemoryVault({ files: FILES });
		for (const [typed, hidden] of FOLDER_SPELLINGS) {
			const view = viewOf(vault, { excludedFolders: [typed] });
			expect([typed, listed(view)]).toEqual([typed, shownWithout(hidden)]);
			for (const path of hidden) await expect(view.read(path)).rejects.toThrow("File not found");
		}
	});

	it("hides the notes each typed tag names, in a policy made from the settings", async () => {
		const vault = new MemoryVault({ files: FILES });
		for (const [typed, hidden] of TAG_SPELLINGS) {
			const view = viewOf(vault, { excludedTags: [typed] });
			expect([typed, listed(view)]).toEqual([typed, shownWithout(hidden)]);
			for (const path of hidden) await expect(view.read(path)).rejects.toThrow("File not found");
		}
	});

	it("still hides a folder whose very name holds a comma, when the line names it whole", () => {
		const vault = new MemoryVault({ files: FILES });
		const view = viewOf(vault, { excludedFolders: ["Work, Home"] });
		expect(listed(view)).not.toContain("Work, Home/list.md");
	});

	it("refuses a write into each folder a typed line names", () => {
		const policy = { configDir: ".obsidian", excludedFolders: ['"Private", Journal;', "My Journal"] };
		for (const path of ["Private/new.md", "Journal/new.md", "My Journal/new.md"])
			expect(() => assertContained(path, policy)).toThrow("marked private");
		expect(assertContained("My/new.md", policy)).toBe("My/new.md");
	});

	it("refuses a write into each folder every typed spelling names, as the listing hides it", () => {
		for (const [typed, hidden] of FOLDER_SPELLINGS) {
			const policy = { configDir: ".obsidian", excludedFolders: [typed] };
			for (const path of hidden) {
				const into = path.replace(/[^/]+$/, "new.md");
				let refused = false;
				try {
					assertContained(into, policy);
				} catch {
					refused = true;
				}
				expect([typed, into, refused]).toEqual([typed, into, true]);
			}
		}
	});

	it("reads the entries of a data.json written by hand or by an older version the same way", () => {
		const loaded = loadPluginDataFiles({
			data: dataJson(['"Private"', "Journal;"], ["#health #secret"]),
			lastGood: null,
		});
		expect(loaded.data.state.privacyReviewNeeded).toBe(false);
		const view = viewOf(new MemoryVault({ files: FILES }), loaded.data.settings);
		expect(listed(view)).toEqual(
			shownWithout(["Private/plan.md", "Journal/today.md", "Notes/health.md", "Notes/secret.md"]),
		);
	});

	describe("on disk", () => {
		let vault: TempVault;
		let connected: Connected | null = null;
		beforeEach(() => {
			vault = new TempVault();
			for (const [path, text] of Object.entries(FILES)) vault.put(path, text);
		});
		afterEach(async () => {
			await connected?.close();
			connected = null;
			vault.remove();
		});

		it("hides them in the headless host that reads the vault's data.json", async () => {
			vault.put(DATA, dataJson(["'Private', Journal"], ["(secret)", "#health,"]));
			const { workspace } = await openHeadlessWorkspace(vault.root);
			expect(listed(workspace.vault)).toEqual(
				shownWithout(["Private/plan.md", "Journal/today.md", "Notes/health.md", "Notes/secret.md"]),
			);
		});

		it("hides them from an MCP client of the server reading the vault's data.json", async () => {
			vault.put(DATA, dataJson(['"Private";', "Journal,"], ["#health #secret"]));
			connected = await connect(vault);
			for (const path of ["Private/plan.md", "Journal/today.md", "Notes/health.md", "Notes/secret.md"]) {
				const got = await connected.client.callTool({ name: "memory_get", arguments: { path } });
				expect([path, got.isError]).toEqual([path, true]);
				expect(textOf(got)).not.toContain(SECRET);
			}
			const found = textOf(await connected.client.callTool({ name: "memory_search", arguments: { query: SECRET } }));
			expect(found).toContain("My Journal/entry.md");
			for (const path of ["Private/plan.md", "Journal/today.md", "Notes/health.md", "Notes/secret.md"])
				expect(found).not.toContain(path);
		});

		it("hides them by the command line's flags", () => {
			vault.put(DATA, dataJson([], []));
			const run = runCli(
				"search",
				SECRET,
				"--vault",
				vault.root,
				"--limit",
				"20",
				"--json",
				"--exclude-folders",
				'"Private";Journal',
				"--exclude-tags",
				"#health #secret",
			);
			const paths = (JSON.parse(run.stdout) as { matches: { path: string }[] }).matches.map((match) => match.path);
			expect([...new Set(paths)].sort()).toEqual([
				"My Journal/entry.md",
				"Private Notes/idea.md",
				"Work, Home/list.md",
				"日记・旅行/day.md",
			]);
		});
	});
});

describe("a typed folder that names the vault's root", () => {
	it("hides nothing, as the settings tab says and as the write guard reads it: a typo, not a wish", () => {
		const vault = new MemoryVault({ files: FILES });
		for (const typed of [".", "./", "/", '"/"', "\\", " . "]) {
			expect([typed, listed(viewOf(vault, { excludedFolders: [typed] }))]).toEqual([typed, Object.keys(FILES).sort()]);
			expect(assertContained("Notes/new.md", { configDir: ".obsidian", excludedFolders: [typed] })).toBe(
				"Notes/new.md",
			);
		}
	});
});
