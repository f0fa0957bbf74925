import type { AuditedWriter } from "../../../src/core/vault/auditedWriter";
import { initializeWorkspace, type WorkspaceWriter } from "../../../src/core/workspace/initialize";
import { layoutFor } from "../../../src/core/workspace/layout";
import { templatesFor } from "../../../src/core/workspace/templates";
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
		]);
		expect(report.adopted).toEqual([]);
		expect(report.failed).toEqual([]);
		const en = templatesFor("en");
		expect(await snapshot(vault)).toEqual({
			"HEARTBEAT.md": en.heartbeat,
			"claude.md": en.rules,
			"memory.md": en.memory,
			"soul.md": en.soul,
			"user.md": en.user,
		});
		expect(vault.listFolders().sort()).toEqual(["Inbox", "chats", "memory", "memory/daily", "memory/weekly"]);
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
		expect(report.created).toHaveLength(8);
		expect(vault.stat("memory.md")).not.toBeNull();
	});
});
