import {
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	symlinkSync,
	writeFileSync,
	existsSync,
	mkdirSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UnsafePathError } from "../../src/core/vault/unsafePath";
import { PathOutsideVault, VaultFolder } from "../../sandbox/server/vaultFolder";

describe("the sandbox's vault folder on disk", () => {
	let root: string;
	let outside: string;
	beforeEach(() => {
		root = mkdtempSync(join(tmpdir(), "sandbox-vault-"));
		outside = mkdtempSync(join(tmpdir(), "sandbox-outside-"));
		mkdirSync(join(root, ".obsidian"));
		writeFileSync(join(root, ".obsidian", "app.json"), "{}");
		mkdirSync(join(root, ".git"));
		writeFileSync(join(root, ".git", "HEAD"), "ref");
		writeFileSync(join(root, "Welcome.md"), "# Hi");
	});
	afterEach(() => {
		rmSync(root, { recursive: true, force: true });
		rmSync(outside, { recursive: true, force: true });
	});

	it("lists notes and folders, keeps the config folder's files apart, and skips other dot-folders", async () => {
		const vault = await VaultFolder.open(root);
		await vault.write("Notes/New.md", "new");
		const listing = await vault.list();
		expect(listing.files.map((file) => [file.path, file.content]).sort()).toEqual([
			["Notes/New.md", "new"],
			["Welcome.md", "# Hi"],
		]);
		expect(listing.folders).toEqual(["Notes"]);
		expect(listing.config).toEqual({ ".obsidian/app.json": "{}" });
	});

	it("renames, and takes a move its folder already made as done; removes files and empty folders", async () => {
		const vault = await VaultFolder.open(root);
		await vault.write("A/note.md", "x");
		await vault.rename("A", "B");
		await vault.rename("A/note.md", "B/note.md");
		expect(readFileSync(join(root, "B", "note.md"), "utf8")).toBe("x");
		await vault.remove("B/note.md");
		await vault.remove("B");
		expect(existsSync(join(root, "B"))).toBe(false);
	});

	it.each(["../escape.md", "/etc/passwd", "a/../../escape.md", "a\\..\\b.md", "", "./x.md", "a//b.md"])(
		"refuses the path %j",
		async (path) => {
			const vault = await VaultFolder.open(root);
			await expect(vault.write(path, "no")).rejects.toBeInstanceOf(PathOutsideVault);
		},
	);

	it("refuses to write through a symbolic link that leads out of the vault", async () => {
		symlinkSync(outside, join(root, "link"));
		const vault = await VaultFolder.open(root);
		await expect(vault.write("link/x.md", "no")).rejects.toBeInstanceOf(UnsafePathError);
		await expect(vault.read("link/../Welcome.md")).rejects.toBeInstanceOf(PathOutsideVault);
		expect(existsSync(join(outside, "x.md"))).toBe(false);
	});

	it("refuses to write through a symbolic link to a note inside the vault, which keeps its text", async () => {
		mkdirSync(join(root, "Private"));
		writeFileSync(join(root, "Private", "secret.md"), "secret");
		symlinkSync(join(root, "Private", "secret.md"), join(root, "alias.md"));
		const vault = await VaultFolder.open(root);
		await expect(vault.write("alias.md", "overwritten")).rejects.toBeInstanceOf(UnsafePathError);
		await expect(vault.read("alias.md")).rejects.toBeInstanceOf(UnsafePathError);
		expect(readFileSync(join(root, "Private", "secret.md"), "utf8")).toBe("secret");
	});

	it("replaces a note whole through a temporary file, leaving no temporary file behind", async () => {
		const vault = await VaultFolder.open(root);
		const before = statSync(join(root, "Welcome.md")).ino;
		await vault.write("Welcome.md", "# Hello again");
		expect(readFileSync(join(root, "Welcome.md"), "utf8")).toBe("# Hello again");
		// A new file took the name: the old one was never truncated in place.
		expect(statSync(join(root, "Welcome.md")).ino).not.toBe(before);
		expect(readdirSync(root).sort()).toEqual([".git", ".obsidian", "Welcome.md"]);
	});
});
