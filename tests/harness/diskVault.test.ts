import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { DiskVault } from "./diskVault";

let root: string;
let outside: string;

function put(path: string, content: string | Buffer): void {
	mkdirSync(dirname(join(root, path)), { recursive: true });
	writeFileSync(join(root, path), content);
}

/** Every file under `folder`, relative to it, with `/` separators. */
function filesUnder(folder: string): string[] {
	const entries = readdirSync(folder, { recursive: true, withFileTypes: true });
	return entries
		.filter((entry) => entry.isFile())
		.map((entry) => relative(folder, join(entry.parentPath, entry.name)).split("\\").join("/"))
		.sort();
}

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "disk-vault-"));
	outside = mkdtempSync(join(tmpdir(), "disk-vault-outside-"));
	put("Daily.md", "[[Plan]]");
	put("Projects/Plan.md", "# Plan");
	put("Projects/pic.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
	put(".obsidian/app.json", "{}");
	put(".git/HEAD", "ref");
	put(".trash/old.md", "old");
	mkdirSync(join(root, "Empty"));
});

afterEach(() => {
	rmSync(root, { recursive: true, force: true });
	rmSync(outside, { recursive: true, force: true });
});

describe("A vault folder on disk", () => {
	it("loads notes and folders, lists other files by size, and skips the config and dot-folders", async () => {
		const { vault } = await DiskVault.load(root);
		expect(vault.listFiles().map((file) => file.path).sort()).toEqual(["Daily.md", "Projects/Plan.md", "Projects/pic.png"]);
		expect(vault.listFolders().sort()).toEqual(["Empty", "Projects"]);
		expect(vault.stat("Projects/pic.png")?.size).toBe(7);
		expect(vault.stat("Daily.md")?.mtime).toBe(statSync(join(root, "Daily.md")).mtimeMs);
		await expect(vault.read("Projects/pic.png")).rejects.toThrow();
		expect(vault.resolvedLinks["Daily.md"]).toEqual({ "Projects/Plan.md": 1 });
	});

	it("writes nothing until flushed, then replays every change in order", async () => {
		const disk = await DiskVault.load(root);
		const { vault } = disk;
		await vault.create("Inbox/idea.md", "An idea");
		await vault.process("Daily.md", (text) => `${text}\nmore`);
		await vault.rename("Projects", "Archive/Projects");
		await vault.trash("Inbox/idea.md");
		await vault.create("Inbox/idea.md", "A second idea");
		expect(disk.pendingChanges()).toEqual([
			{ kind: "mkdir", path: "Inbox" },
			{ kind: "mkdir", path: "Archive" },
			{ kind: "move", path: "Projects", to: "Archive/Projects" },
			{ kind: "trash", path: "Inbox/idea.md" },
			{ kind: "write", path: "Daily.md" },
			{ kind: "write", path: "Inbox/idea.md" },
		]);
		expect(existsSync(join(root, "Inbox"))).toBe(false);

		await disk.flush();
		expect(filesUnder(root)).toEqual([
			".git/HEAD",
			".obsidian/app.json",
			".trash/old.md",
			"Archive/Projects/Plan.md",
			"Archive/Projects/pic.png",
			"Daily.md",
			"Inbox/idea.md",
		]);
		expect(readFileSync(join(root, "Daily.md"), "utf8")).toBe("[[Plan]]\nmore");
		expect(readFileSync(join(root, "Inbox/idea.md"), "utf8")).toBe("A second idea");
		expect(readFileSync(join(root, "Archive/Projects/pic.png"))).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
		expect(disk.pendingChanges()).toEqual([]);
	});

	it("moves trashed notes into .trash/, numbered beside an earlier one, and never deletes", async () => {
		put("old.md", "newer old");
		const disk = await DiskVault.load(root);
		await disk.vault.trash("old.md");
		await disk.vault.trash("Projects");
		await disk.flush();
		expect(filesUnder(join(root, ".trash"))).toEqual(["Projects/Plan.md", "Projects/pic.png", "old 1.md", "old.md"]);
		expect(readFileSync(join(root, ".trash/old 1.md"), "utf8")).toBe("newer old");
		expect(existsSync(join(root, "Projects"))).toBe(false);
	});

	it("refuses to write outside the folder, through `..` or a symbolic link", async () => {
		symlinkSync(outside, join(root, "link"), "dir");
		const escaping = await DiskVault.load(root);
		await escaping.vault.create("../escape.md", "x");
		await expect(escaping.flush()).rejects.toThrow(/outside the vault/);

		const linked = await DiskVault.load(root);
		expect(linked.vault.isFolder("link")).toBe(false);
		await linked.vault.create("link/sub/escape.md", "x");
		await expect(linked.flush()).rejects.toThrow(/outside the vault/);
		expect(readdirSync(outside)).toEqual([]);
	});
});
