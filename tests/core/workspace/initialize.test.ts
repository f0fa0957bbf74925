import type { AuditedWriter } from "../../../src/core/vault/auditedWriter";
import { initializeWorkspace, type WorkspaceWriter } from "../../../src/core/workspace/initialize";
import { layoutFor } from "../../../src/core/workspace/layout";
import { templatesFor } from "../../../src/core/workspace/templates";
import { examplePromptsFor } from "../../../src/core/workspace/templates/examplePrompts";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { memoryWriter } from "./memoryWriter";

// The plugin passes its audited writer where the tests pass `memoryWriter`: this line stops
// compiling if the two drift apart.
const auditedWriterFits: AuditedWriter extends WorkspaceWriter ? true : false = true;

async function snapshot(vault: MemoryVault): Promise<Record<string, string>> {
	const files = vault
		.listFiles()
		.map((file) => file.path)
		.sort();
	return Object.fromEntries(await Promise.all(files.map(async (path) => [path, await vault.read(path)] as const)));
}

describe("initializing a workspace", () => {
	it("creates every file and folder of an empty vault, files from the English templates", async () => {
		const vault = new MemoryVault();
		const report = await initializeWorkspace(vault, layoutFor(""), memoryWriter(vault), "en");
		expect(report.created.map((entry) => entry.path)).toEqual([
			"soul.md",
			"user.md",
			"claude.md",
			"memory.md",
			"HEARTBEAT.md",
			"memory/daily",
			"memory/weekly",
			"Inbox",
			"chats",
			"Prompts",
			"Prompts/Summarize.md",
			"Prompts/Improve writing.md",
			"Prompts/Plan my day.md",
		]);
		expect(report.adopted).toEqual([]);
		expect(report.failed).toEqual([]);
		const en = templatesFor("en");
		const prompts = Object.fromEntries(
			examplePromptsFor("en").map((example) => [`Prompts/${example.fileName}`, example.text]),
		);
		expect(await snapshot(vault)).toEqual({
			"HEARTBEAT.md": en.heartbeat,
			"claude.md": en.rules,
			"memory.md": en.memory,
			"soul.md": en.soul,
			"user.md": en.user,
			...prompts,
		});
		expect(vault.listFolders().sort()).toEqual([
			"Inbox",
			"Prompts",
			"chats",
			"memory",
			"memory/daily",
			"memory/weekly",
		]);
		expect(auditedWriterFits).toBe(true);
	});

	it("creates the assistant folder before anything inside it", async () => {
		const vault = new MemoryVault();
		const writer = memoryWriter(vault);
		await initializeWorkspace(vault, layoutFor("Assistant"), writer, "en");
		expect(writer.calls.slice(0, 2)).toEqual(["folder Assistant", "create Assistant/soul.md"]);
		expect(vault.stat("Assistant/claude.md")).not.toBeNull();
	});

	it("never overwrites: files with the user's text, under aliases and other spellings, survive byte for byte", async () => {
		const userFiles = {
			"soul.md": "\uFEFF# My assistant\r\nSpeaks like a pirate.  \r\n",
			"AGENTS.md": "# Rules for every agent\n\n- Never touch Projects/\n",
			"MEMORY.md": "# Memory\n\n- 2025-12-01 prefers tea\n",
			"inbox/idea.md": "an idea",
		};
		const vault = new MemoryVault({ files: userFiles });
		const report = await initializeWorkspace(vault, layoutFor(""), memoryWriter(vault), "en");

		const files = await snapshot(vault);
		for (const [path, content] of Object.entries(userFiles)) expect(files[path]).toBe(content);
		expect(files["claude.md"]).toBeUndefined();
		expect(files["memory.md"]).toBeUndefined();
		expect(vault.isFolder("Inbox")).toBe(false);
		expect(report.adopted).toEqual([
			{ item: "soul", path: "soul.md" },
			{ item: "rules", path: "AGENTS.md" },
			{ item: "memory", path: "MEMORY.md" },
			{ item: "inboxFolder", path: "inbox" },
		]);
		expect(report.created.map((entry) => entry.path)).toEqual([
			"user.md",
			"HEARTBEAT.md",
			"memory/daily",
			"memory/weekly",
			"chats",
			"Prompts",
			"Prompts/Summarize.md",
			"Prompts/Improve writing.md",
			"Prompts/Plan my day.md",
		]);
	});

	it("creates nothing the second time", async () => {
		const vault = new MemoryVault({ files: { "CLAUDE.md": "mine" } });
		await initializeWorkspace(vault, layoutFor("Assistant"), memoryWriter(vault), "en");
		const before = await snapshot(vault);
		const folders = vault.listFolders().sort();

		const writer = memoryWriter(vault);
		const second = await initializeWorkspace(vault, layoutFor("Assistant"), writer, "zh");
		expect(second.created).toEqual([]);
		expect(second.adopted).toHaveLength(10);
		expect(writer.calls).toEqual([]);
		expect(await snapshot(vault)).toEqual(before);
		expect(vault.listFolders().sort()).toEqual(folders);
	});

	it("writes the Chinese templates when the language is Chinese, under the same file names", async () => {
		const vault = new MemoryVault();
		await initializeWorkspace(vault, layoutFor(""), memoryWriter(vault), "zh");
		const rules = await vault.read("claude.md");
		expect(rules).toBe(templatesFor("zh").rules);
		expect(rules).toContain("## 时间感知");
		expect(await vault.read("memory.md")).toContain("# 长期记忆");
	});

	it("goes on after a failed write and reports it", async () => {
		const vault = new MemoryVault();
		const writer: WorkspaceWriter = {
			async createNote(path, content) {
				if (path === "user.md") throw new Error("Disk full");
				await vault.create(path, content);
			},
			ensureFolder: (path) => vault.ensureFolder(path),
		};
		const report = await initializeWorkspace(vault, layoutFor(""), writer, "en");
		expect(report.failed).toEqual([{ item: "user", path: "user.md", error: "Disk full" }]);
		expect(report.created).toHaveLength(12);
		expect(vault.stat("memory.md")).not.toBeNull();
	});

	it("creates the example prompts in the user's language only in a prompts folder that does not exist yet", async () => {
		const zh = new MemoryVault();
		await initializeWorkspace(zh, layoutFor("Assistant"), memoryWriter(zh), "zh");
		expect(await zh.read("Assistant/Prompts/总结.md")).toContain("{{note}}");
		expect(await zh.read("Assistant/Prompts/润色文字.md")).toMatch(/insert: cursor[\s\S]*\{\{selection\}\}/);
		expect(await zh.read("Assistant/Prompts/规划今天.md")).toContain("{{date}}");

		// The user's own folder, in another case, empty: no examples, nothing written into it.
		const own = new MemoryVault();
		await own.ensureFolder("Assistant/prompts");
		const writer = memoryWriter(own);
		const report = await initializeWorkspace(own, layoutFor("Assistant"), writer, "en");
		expect(report.created.filter((entry) => entry.item === "prompt" || entry.item === "promptsFolder")).toEqual([]);
		expect(own.listFiles().filter((file) => file.path.toLowerCase().startsWith("assistant/prompts"))).toEqual([]);
	});

	it("never writes an example over a note of the user's: the write is refused and reported, the note kept", async () => {
		const vault = new MemoryVault();
		const mine = "# My summary prompt\n";
		const writer: WorkspaceWriter = {
			async createNote(path, content) {
				// The user's note appears at the example's path between the listing and the write.
				if (path === "Prompts/Summarize.md") await vault.create(path, mine);
				await vault.create(path, content);
			},
			ensureFolder: (path) => vault.ensureFolder(path),
		};
		const report = await initializeWorkspace(vault, layoutFor("", "", "Prompts"), writer, "en");
		expect(report.failed.map((entry) => entry.path)).toEqual(["Prompts/Summarize.md"]);
		expect(await vault.read("Prompts/Summarize.md")).toBe(mine);
		expect(vault.stat("Prompts/Plan my day.md")).not.toBeNull();
	});

	it("puts the examples in the prompts folder the settings name", async () => {
		const vault = new MemoryVault();
		await initializeWorkspace(vault, layoutFor("Assistant", "", "90 Prompts"), memoryWriter(vault), "en");
		expect(vault.stat("90 Prompts/Summarize.md")).not.toBeNull();
		expect(vault.isFolder("Assistant/Prompts")).toBe(false);
	});
});
