import { inspectWorkspace } from "../../../src/core/workspace/inspect";
import { layoutFor } from "../../../src/core/workspace/layout";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";

const vaultWith = (...paths: string[]) => new MemoryVault({ files: Object.fromEntries(paths.map((p) => [p, "x"])) });
const items = (entries: readonly { item: string }[]) => entries.map((entry) => entry.item);

describe("inspecting a folder before it becomes the assistant folder", () => {
	it("calls a folder that does not exist yet empty, with its own creation first among the missing", () => {
		const inspection = inspectWorkspace(vaultWith("Elsewhere/note.md"), layoutFor("Assistant"));
		expect(inspection.status).toBe("empty");
		expect(inspection.folderExists).toBe(false);
		expect(inspection.noteCount).toBe(0);
		expect(inspection.present).toEqual([]);
		expect(inspection.missing[0]).toEqual({ item: "root", path: "Assistant" });
		expect(items(inspection.missing)).toEqual([
			"root",
			"soul",
			"user",
			"rules",
			"memory",
			"heartbeat",
			"dailyFolder",
			"weeklyFolder",
			"inboxFolder",
			"chatsFolder",
		]);
	});

	it("calls an existing folder without files empty", async () => {
		const vault = new MemoryVault();
		await vault.ensureFolder("Assistant/sub");
		const inspection = inspectWorkspace(vault, layoutFor("Assistant"));
		expect(inspection).toMatchObject({ status: "empty", folderExists: true, noteCount: 0 });
		expect(inspection.present).toEqual([{ item: "root", path: "Assistant" }]);
	});

	it("sees ordinary notes, counting markdown notes only, and an inbox of the user's own is no workspace", () => {
		const vault = vaultWith("Projects/plan.md", "Inbox/idea.md", "Journal/2026-01-01.md", "image.png");
		const inspection = inspectWorkspace(vault, layoutFor(""));
		expect(inspection.status).toBe("ordinary-notes");
		expect(inspection.noteCount).toBe(3);
		expect(inspection.present).toEqual([{ item: "inboxFolder", path: "Inbox" }]);
	});

	it("does not count the configuration folder as notes", () => {
		const vault = vaultWith(".obsidian/snippets/readme.md", ".obsidian/app.json");
		expect(inspectWorkspace(vault, layoutFor(""))).toMatchObject({ status: "empty", noteCount: 0 });
	});

	it("recognises an existing workspace by its four core files, under any alias", () => {
		const vault = vaultWith("soul.md", "PROFILE.md", "AGENTS.md", "MEMORY.md", "memory/daily/2026-01-01.md");
		const inspection = inspectWorkspace(vault, layoutFor(""));
		expect(inspection.status).toBe("existing-workspace");
		expect(inspection.present).toEqual([
			{ item: "soul", path: "soul.md" },
			{ item: "user", path: "PROFILE.md" },
			{ item: "rules", path: "AGENTS.md" },
			{ item: "memory", path: "MEMORY.md" },
			{ item: "dailyFolder", path: "memory/daily" },
		]);
		expect(inspection.missing).toEqual([
			{ item: "heartbeat", path: "HEARTBEAT.md" },
			{ item: "weeklyFolder", path: "memory/weekly" },
			{ item: "inboxFolder", path: "Inbox" },
			{ item: "chatsFolder", path: "chats" },
		]);
		expect(inspection.noteCount).toBe(5);
	});

	it("calls a folder with some workspace files a partial workspace", () => {
		const inspection = inspectWorkspace(vaultWith("Assistant/soul.md", "Assistant/notes.md"), layoutFor("Assistant"));
		expect(inspection.status).toBe("partial-workspace");
		expect(items(inspection.present)).toEqual(["root", "soul"]);
		expect(inspection.identity.soul).toBe("Assistant/soul.md");
	});

	it("calls a folder with daily memory but no identity files a partial workspace", () => {
		expect(inspectWorkspace(vaultWith("memory/daily/2026-01-01.md"), layoutFor("")).status).toBe("partial-workspace");
	});

	it("finds the workspace folders whatever their case", () => {
		const vault = vaultWith("inbox/a.md", "Memory/Daily/2026-01-01.md");
		expect(inspectWorkspace(vault, layoutFor("")).present).toEqual([
			{ item: "dailyFolder", path: "Memory/Daily" },
			{ item: "inboxFolder", path: "inbox" },
		]);
	});

	it("lists files shadowed by a preferred name beside them", () => {
		const vault = vaultWith("claude.md", "AGENTS.md", "memory.md", "MEMORY.md", "soul.md");
		expect(inspectWorkspace(vault, layoutFor("")).shadowed).toEqual(["AGENTS.md", "MEMORY.md"]);
	});
});
