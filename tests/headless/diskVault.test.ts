import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { computeMetadata } from "../../headless/metadata";
import { TempVault } from "./tempVault";

let folder: TempVault;

beforeEach(() => {
	folder = new TempVault()
		.put("Daily.md", "[[Plan]]")
		.put("Projects/Plan.md", "# Plan")
		.put("Projects/pic.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]))
		.put(".obsidian/app.json", "{}")
		.put(".git/HEAD", "ref")
		.put(".trash/old.md", "old");
	mkdirSync(join(folder.root, "Empty"));
});

afterEach(() => folder.remove());

describe("a vault folder on disk", () => {
	it("lists notes, other files and folders, leaving out the config and dot-folders", () => {
		const vault = folder.open();
		expect(
			vault
				.listFiles()
				.map((file) => file.path)
				.sort(),
		).toEqual(["Daily.md", "Projects/Plan.md", "Projects/pic.png"]);
		expect(vault.listFolders().sort()).toEqual(["Empty", "Projects"]);
		expect(vault.stat("Projects/pic.png")?.size).toBe(7);
		expect(vault.stat(".obsidian/app.json")).toBeNull();
		expect(vault.isFolder("Empty")).toBe(true);
		expect(vault.resolvedLinks["Daily.md"]).toEqual({ "Projects/Plan.md": 1 });
	});

	it("lists the files directly in one folder as the vault lists them, the config folder's never", () => {
		const vault = folder.open();
		expect(
			vault
				.filesIn("Projects")
				.map((file) => file.path)
				.sort(),
		).toEqual(["Projects/Plan.md", "Projects/pic.png"]);
		expect(vault.filesIn("").map((file) => file.path)).toEqual(["Daily.md"]);
		expect(vault.filesIn(".obsidian")).toEqual([]);
		expect(vault.filesIn("Empty")).toEqual([]);
	});

	it("reads a note's bytes as they are on disk now, not as they were when the vault was opened", async () => {
		const vault = folder.open();
		writeFileSync(join(folder.root, "Daily.md"), "[[Plan]] edited in Obsidian");
		expect(await vault.read("Daily.md")).toBe("[[Plan]] edited in Obsidian");
		expect(await vault.readBinary("Projects/pic.png")).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
	});

	it("computes metadata again when the note changed on disk", () => {
		const vault = folder.open();
		expect(vault.getMetadata("Daily.md")?.links?.map((link) => link.link)).toEqual(["Plan"]);
		writeFileSync(join(folder.root, "Daily.md"), "#tag and [[Other]] and [[Plan]]");
		const later = new Date(statSync(join(folder.root, "Daily.md")).mtimeMs + 5_000);
		utimesSync(join(folder.root, "Daily.md"), later, later);
		expect(vault.getMetadata("Daily.md")?.links?.map((link) => link.link)).toEqual(["Other", "Plan"]);
	});

	it("writes a change on disk before its promise settles, the old file replaced whole", async () => {
		const vault = folder.open();
		const inode = statSync(join(folder.root, "Daily.md")).ino;
		await vault.process("Daily.md", (text) => `${text}\nmore`);
		expect(readFileSync(join(folder.root, "Daily.md"), "utf8")).toBe("[[Plan]]\nmore");
		expect(statSync(join(folder.root, "Daily.md")).ino).not.toBe(inode);
		expect(
			vault
				.listFiles()
				.map((file) => file.path)
				.sort(),
		).toEqual(["Daily.md", "Projects/Plan.md", "Projects/pic.png"]);
	});

	it("creates a note with its folders and never over anything", async () => {
		const vault = folder.open();
		await vault.create("Inbox/Later/idea.md", "An idea");
		expect(readFileSync(join(folder.root, "Inbox/Later/idea.md"), "utf8")).toBe("An idea");
		expect(vault.isFolder("Inbox/Later")).toBe(true);
		await expect(vault.create("Daily.md", "over")).rejects.toThrow("already exists");
		await expect(vault.create("Empty", "over")).rejects.toThrow("already exists");
		// Made by another program after the vault was opened: still never replaced.
		writeFileSync(join(folder.root, "Late.md"), "theirs");
		await expect(vault.create("Late.md", "ours")).rejects.toThrow("already exists");
		expect(readFileSync(join(folder.root, "Late.md"), "utf8")).toBe("theirs");
	});

	it("moves a folder with its contents, never over a destination, and links elsewhere follow", async () => {
		const vault = folder.open();
		await vault.rename("Projects", "Archive/Projects");
		expect(folder.filesOnDisk()).toEqual([
			".git/HEAD",
			".obsidian/app.json",
			".trash/old.md",
			"Archive/Projects/Plan.md",
			"Archive/Projects/pic.png",
			"Daily.md",
		]);
		expect(readFileSync(join(folder.root, "Archive/Projects/pic.png"))).toEqual(
			Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
		);
		expect(vault.stat("Archive/Projects/Plan.md")).not.toBeNull();
		expect(vault.stat("Projects/Plan.md")).toBeNull();

		await vault.create("Second.md", "[[Archive/Projects/Plan]]");
		await vault.rename("Archive/Projects/Plan.md", "Plan.md");
		expect(readFileSync(join(folder.root, "Second.md"), "utf8")).toBe("[[Plan]]");
		await expect(vault.rename("Daily.md", "Plan.md")).rejects.toThrow("already exists");
		await expect(vault.rename("Archive", "Empty")).rejects.toThrow("already exists");
		expect(readFileSync(join(folder.root, "Plan.md"), "utf8")).toBe("# Plan");
	});

	it("refuses paths that climb out of the folder", async () => {
		const vault = folder.open();
		await expect(vault.create("../escape.md", "x")).rejects.toThrow("Not a path inside the vault");
		await expect(vault.ensureFolder("a/../../b")).rejects.toThrow("Not a path inside the vault");
		expect(existsSync(join(folder.root, "..", "escape.md"))).toBe(false);
	});

	it("lists a note whose metadata cannot be computed without metadata, names it, and keeps the others", () => {
		folder.put("Broken.md", "the parser fails on this");
		const vault = folder.open({
			parseMetadata: (content) => {
				if (content.includes("parser fails")) throw new RangeError("Maximum call stack size exceeded");
				return computeMetadata(content);
			},
		});
		expect(vault.stat("Broken.md")).not.toBeNull();
		expect(vault.getMetadata("Broken.md")).toBeNull();
		expect(folder.problems).toEqual([{ kind: "unreadable-metadata", path: "Broken.md" }]);
		expect(vault.getMetadata("Daily.md")?.links).toHaveLength(1);
		expect(vault.resolvedLinks["Broken.md"]).toEqual({});
	});

	it("writes a line once more at most when something keeps rewriting the lines it adds (a linter), never once per attempt", async () => {
		const vault = folder.open();
		const full = join(folder.root, "Daily.md");
		// As a linter saving on every change would: the list marker the write used becomes its own.
		const linter = setInterval(() => {
			const text = readFileSync(full, "utf8");
			if (text.includes("- entry")) writeFileSync(full, text.replace(/^- entry/gm, "* entry"));
		}, 1);
		try {
			await vault.process("Daily.md", (current) => `${current}\n- entry\n`);
		} finally {
			clearInterval(linter);
		}
		expect(readFileSync(full, "utf8").match(/entry/g)?.length).toBeLessThanOrEqual(2);
	});
});

describe("a write watched after it landed", () => {
	it("is not made again when a later write of the store's own changed what it wrote (running totals)", async () => {
		const vault = folder.open();
		const full = join(folder.root, "Daily.md");
		for (const tokens of [1, 2, 3])
			await vault.processFrontMatter("Daily.md", (properties) => {
				properties.tokens = tokens;
			});
		expect(await vault.settled()).toEqual([]);
		expect(readFileSync(full, "utf8")).toBe("---\ntokens: 3\n---\n[[Plan]]");
		expect(folder.problems).toEqual([]);
	});

	it("is made again when an editor's older copy undid it before the next write was built on the note", async () => {
		const vault = folder.open();
		const full = join(folder.root, "Daily.md");
		await vault.process("Daily.md", (current) => `${current}\n- first entry`);
		// Obsidian saves the copy it read before that write, with a line of the user's own.
		writeFileSync(full, "[[Plan]]\n- typed in Obsidian");
		// The next write reads the note as the save left it: the first entry is not there to keep.
		await vault.process("Daily.md", (current) => `${current}\n- second entry`);
		expect(await vault.settled()).toEqual([]);
		const text = readFileSync(full, "utf8");
		expect(text.split("\n").sort()).toEqual(["- first entry", "- second entry", "- typed in Obsidian", "[[Plan]]"]);
		expect(folder.problems).toEqual([]);
	});

	it("adds a running total's undone part back once, however many writes came after", async () => {
		const vault = folder.open();
		const full = join(folder.root, "Daily.md");
		const add = (tokens: number) => (properties: Record<string, unknown>) => {
			properties.tokens = ((properties.tokens as number | undefined) ?? 0) + tokens;
		};
		await vault.processFrontMatter("Daily.md", add(1));
		writeFileSync(full, "[[Plan]] typed in Obsidian");
		await vault.processFrontMatter("Daily.md", add(2));
		await vault.processFrontMatter("Daily.md", add(4));
		expect(await vault.settled()).toEqual([]);
		expect(readFileSync(full, "utf8")).toBe("---\ntokens: 7\n---\n[[Plan]] typed in Obsidian");
		expect(folder.problems).toEqual([]);
	});
});
