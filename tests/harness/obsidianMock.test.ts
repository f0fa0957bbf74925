import type { PluginManifest, SettingDefinitionItem } from "obsidian";
import { App, Notice, Plugin, PluginSettingTab, TFile, TFolder } from "../../sandbox/obsidianApi";
import { MemoryVault } from "../../headless/inMemory/memoryVault";

const manifest: PluginManifest = {
	id: "assistant-workspace",
	name: "Assistant Workspace",
	author: "test",
	version: "0.0.0",
	minAppVersion: "1.11.4",
	description: "Test.",
};

const appWith = (files: Record<string, string>) => new App(new MemoryVault({ files }));

describe("The obsidian mock's vault", () => {
	it("keeps one object per file across a rename, with parent and children up to date", async () => {
		const app = appWith({ "Projects/Plan.md": "# Plan" });
		const plan = app.vault.getFileByPath("Projects/Plan.md");
		const renamed = jest.fn();
		app.vault.on("rename", renamed);
		await app.fileManager.renameFile(plan as TFile, "Projects/Roadmap.md");
		expect(app.vault.getFileByPath("Projects/Roadmap.md")).toBe(plan);
		expect(plan).toEqual(
			expect.objectContaining({ path: "Projects/Roadmap.md", basename: "Roadmap", extension: "md" }),
		);
		expect(renamed).toHaveBeenCalledWith(plan, "Projects/Plan.md");
		expect(plan?.parent?.children).toEqual([plan]);
		expect(app.vault.getRoot().children.map((child) => child.path)).toEqual(["Projects"]);
		expect(app.vault.getFolderByPath("Projects")).toBeInstanceOf(TFolder);
	});

	it("reports metadata events with the vault's objects and the previous cache", async () => {
		const app = appWith({ "note.md": "# Old" });
		const note = app.vault.getFileByPath("note.md");
		const changed = jest.fn();
		const deleted = jest.fn();
		app.metadataCache.on("changed", changed);
		app.metadataCache.on("deleted", deleted);
		await app.vault.modify(note as TFile, "# New");
		expect(changed).toHaveBeenCalledWith(note, "# New", app.metadataCache.getFileCache(note as TFile));
		await app.fileManager.trashFile(note as TFile);
		expect(deleted).toHaveBeenCalledWith(
			note,
			expect.objectContaining({ headings: [expect.objectContaining({ heading: "New" })] }),
		);
		expect(app.vault.getFileByPath("note.md")).toBeNull();
		expect(app.metadataCache.getFileCache(note as TFile)).toBeNull();
	});

	it("keeps a file's stat current and answers {} as the cache of a file that is not a note", async () => {
		const app = appWith({ "data.json": "{}" });
		const data = app.vault.getFileByPath("data.json") as TFile;
		await app.vault.modify(data, '{"a":1}');
		expect(data.stat.size).toBe(7);
		expect(app.metadataCache.getFileCache(data)).toEqual({});
	});

	it("refuses paths that normalizePath would change, and notes whose folder is missing", async () => {
		const app = appWith({});
		await expect(app.vault.create("a//b.md", "")).rejects.toThrow(/normalizePath/);
		await expect(app.vault.create("missing/b.md", "")).rejects.toThrow();
		await app.vault.createFolder("missing");
		await expect(app.vault.create("missing/b.md", "")).resolves.toBeInstanceOf(TFile);
		await expect(app.vault.createFolder("missing")).rejects.toThrow("Folder already exists.");
	});

	it("rewrites the frontmatter in processFrontMatter, adding a block when there is none", async () => {
		const app = appWith({ "a.md": "---\ntitle: A\n---\nBody", "b.md": "Body" });
		await app.fileManager.processFrontMatter(app.vault.getFileByPath("a.md") as TFile, (fm) => {
			fm.verified = true;
		});
		await app.fileManager.processFrontMatter(app.vault.getFileByPath("b.md") as TFile, (fm) => {
			fm.tags = ["x"];
		});
		expect(await app.vault.read(app.vault.getFileByPath("a.md") as TFile)).toBe(
			"---\ntitle: A\nverified: true\n---\nBody",
		);
		expect(await app.vault.read(app.vault.getFileByPath("b.md") as TFile)).toBe("---\ntags:\n  - x\n---\nBody");
	});

	it("keeps hidden files apart from the notes, and writes notes through the vault", async () => {
		const app = appWith({});
		const { adapter } = app.vault;
		await adapter.append(".obsidian/plugins/x/audit.log", "one\n");
		await adapter.append(".obsidian/plugins/x/audit.log", "two\n");
		expect(await adapter.read(".obsidian/plugins/x/audit.log")).toBe("one\ntwo\n");
		expect(await adapter.exists(".obsidian/plugins/x")).toBe(true);
		expect(app.vault.getFiles()).toEqual([]);
		await adapter.write("note.md", "via adapter");
		expect(app.vault.getFileByPath("note.md")?.stat.size).toBe(11);
		await expect(adapter.read(".obsidian/missing.json")).rejects.toThrow(/ENOENT/);
	});

	it("tells each change to a hidden file, in order, for a host that keeps them on disk; a note's change is the vault's own event", async () => {
		const app = appWith({});
		const { adapter } = app.vault;
		const changes: unknown[] = [];
		adapter.onHiddenChange((change) => changes.push(change));
		await adapter.mkdir(".obsidian/plugins/x");
		await adapter.write(".obsidian/plugins/x/data.json.tmp", "{}");
		await adapter.rename(".obsidian/plugins/x/data.json.tmp", ".obsidian/plugins/x/data.json");
		await adapter.append(".obsidian/plugins/x/audit.jsonl", "one\n");
		await adapter.remove(".obsidian/plugins/x/data.json");
		await adapter.write("note.md", "a note");
		expect(changes).toEqual([
			{ kind: "mkdir", path: ".obsidian/plugins/x" },
			{ kind: "write", path: ".obsidian/plugins/x/data.json.tmp", content: "{}" },
			{ kind: "rename", from: ".obsidian/plugins/x/data.json.tmp", to: ".obsidian/plugins/x/data.json" },
			{ kind: "append", path: ".obsidian/plugins/x/audit.jsonl", text: "one\n" },
			{ kind: "remove", path: ".obsidian/plugins/x/data.json" },
		]);
	});
});

describe("The obsidian mock's plugin and workspace", () => {
	class ProbePlugin extends Plugin {
		layoutWork = 0;

		override async onload(): Promise<void> {
			await this.loadData();
			this.addCommand({ id: "open-chat", name: "Open chat", callback: () => undefined });
			this.registerEvent(this.app.vault.on("create", () => this.layoutWork++));
			this.app.workspace.onLayoutReady(() => {
				this.layoutWork += this.app.vault.getMarkdownFiles().length;
			});
		}
	}

	it("counts vault calls, so a test can prove onload leaves the vault alone until the layout is ready", async () => {
		const app = appWith({ "a.md": "", "b.md": "" });
		const plugin = new ProbePlugin(app, manifest);
		await plugin.onload();
		expect(app.calls.count("vault.")).toBe(0);
		expect(app.calls.count("plugin.loadData")).toBe(1);
		app.workspace.triggerLayoutReady();
		expect(plugin.layoutWork).toBe(2);
		expect(app.calls.names()).toContain("vault.getMarkdownFiles");
		expect(plugin.commands.map((command) => command.id)).toEqual(["assistant-workspace:open-chat"]);
	});

	it("stops the plugin's listeners when it unloads", async () => {
		const app = appWith({});
		const plugin = new ProbePlugin(app, manifest);
		plugin.load();
		// Obsidian does not await an async onload either; let it finish.
		await new Promise((resolve) => setTimeout(resolve, 0));
		await app.vault.create("a.md", "");
		plugin.unload();
		await app.vault.create("b.md", "");
		expect(plugin.layoutWork).toBe(1);
	});

	it("keeps data.json across plugin instances, as across a restart", async () => {
		const app = appWith({});
		const first = new ProbePlugin(app, manifest);
		expect(await first.loadData()).toBeNull();
		await first.saveData({ model: "claude", nested: { on: true } });
		const second = new ProbePlugin(app, manifest);
		expect(await second.loadData()).toEqual({ model: "claude", nested: { on: true } });
		expect(await app.vault.adapter.exists(".obsidian/plugins/assistant-workspace/data.json")).toBe(true);
	});

	it("keeps a settings tab's definitions and saves a changed control into plugin.settings", async () => {
		class Tab extends PluginSettingTab {
			override getSettingDefinitions(): SettingDefinitionItem[] {
				return [{ name: "Model", control: { type: "text", key: "model" } }];
			}
		}
		const app = appWith({});
		const plugin = new ProbePlugin(app, manifest);
		plugin.settings = { model: "a", heartbeat: true };
		const tab = new Tab(app, plugin);
		plugin.addSettingTab(tab);
		expect(tab.settingItems.map((item) => ("name" in item ? item.name : ""))).toEqual(["Model"]);
		await tab.setControlValue("model", "b");
		expect(tab.getControlValue("model")).toBe("b");
		expect(await plugin.loadData()).toEqual({ model: "b", heartbeat: true });
	});

	it("records notices", () => {
		Notice.messages.length = 0;
		new Notice("Saved.");
		expect(Notice.messages).toEqual(["Saved."]);
	});
});
