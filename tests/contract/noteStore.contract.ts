import type { MetadataSource, NoteStore } from "../../src/core/ports";

/** A vault under test, seeded with `files` (path → text). */
export interface VaultUnderTest {
	readonly store: NoteStore;
	readonly metadata: MetadataSource;
}

export type VaultFactory = (files?: Record<string, string>) => VaultUnderTest;

const sorted = (items: string[]) => [...items].sort();

/**
 * What a user would notice of the vault the assistant writes to, asserted the same way of
 * every implementation (the in-memory vault, and our Obsidian adapter over the mock), so the
 * two cannot drift apart.
 */
export function describeVaultContract(name: string, makeVault: VaultFactory): void {
	describe(`${name} keeps the vault contract`, () => {
		it("creates a note that is then listed, read back and stat'ed", async () => {
			const { store } = makeVault();
			const stat = await store.create("Inbox/idea.md", "An idea");
			expect(stat).toEqual(expect.objectContaining({ path: "Inbox/idea.md", size: 7 }));
			expect(await store.read("Inbox/idea.md")).toBe("An idea");
			expect(store.stat("Inbox/idea.md")).toEqual(stat);
			expect(store.listFiles().map((file) => file.path)).toEqual(["Inbox/idea.md"]);
		});

		it("refuses to create over an existing note, and keeps the note as it was", async () => {
			const { store } = makeVault({ "soul.md": "mine" });
			await expect(store.create("soul.md", "theirs")).rejects.toThrow();
			await expect(store.create("/soul.md", "theirs")).rejects.toThrow();
			expect(await store.read("soul.md")).toBe("mine");
		});

		it("refuses to create a note where a folder is", async () => {
			const { store } = makeVault({ "memory/daily/2026-01-01.md": "" });
			await expect(store.create("memory/daily", "x")).rejects.toThrow();
			expect(store.isFolder("memory/daily")).toBe(true);
		});

		it("normalizes every path: doubled slashes, backslashes, outer slashes, Unicode forms", async () => {
			const { store } = makeVault();
			await store.create("a//b\\c.md", "one");
			expect(store.stat("a/b/c.md")?.path).toBe("a/b/c.md");
			expect(await store.read("/a/b/c.md/")).toBe("one");
			expect(await store.process("a\\b//c.md", (text) => `${text} two`)).toBe("one two");
			expect(store.isFolder("a//b/")).toBe(true);
			await store.create("Cafe\u0301.md", "decomposed");
			expect(await store.read("Caf\u00e9.md")).toBe("decomposed");
		});

		it("makes the missing parent folders of a new note", async () => {
			const { store } = makeVault();
			await store.create("projects/2026/plan.md", "");
			expect(store.isFolder("projects")).toBe(true);
			expect(store.isFolder("projects/2026")).toBe(true);
		});

		it("processes atomically and returns the new text", async () => {
			const { store } = makeVault({ "memory.md": "# Memory\n" });
			const appended = await Promise.all([
				store.process("memory.md", (text) => `${text}- one\n`),
				store.process("memory.md", (text) => `${text}- two\n`),
			]);
			expect(appended[1]).toBe("# Memory\n- one\n- two\n");
			expect(await store.read("memory.md")).toBe("# Memory\n- one\n- two\n");
		});

		it("leaves a note untouched when the transform throws, and refuses a missing note", async () => {
			const { store } = makeVault({ "memory.md": "kept" });
			await expect(
				store.process("memory.md", () => {
					throw new Error("changed my mind");
				}),
			).rejects.toThrow("changed my mind");
			expect(await store.read("memory.md")).toBe("kept");
			await expect(store.process("missing.md", (text) => text)).rejects.toThrow();
			expect(store.stat("missing.md")).toBeNull();
		});

		it("ensures folders with their parents, and a second call changes nothing", async () => {
			const { store } = makeVault();
			await Promise.all([store.ensureFolder("memory/weekly"), store.ensureFolder("memory/weekly/")]);
			await store.ensureFolder("memory");
			expect(sorted(store.listFolders())).toEqual(["memory", "memory/weekly"]);
			await expect(store.ensureFolder("")).resolves.toBeUndefined();
		});

		it("refuses to make a folder where a note is", async () => {
			const { store } = makeVault({ "notes.md": "" });
			await expect(store.ensureFolder("notes.md")).rejects.toThrow();
			expect(store.isFolder("notes.md")).toBe(false);
		});

		it("moves a folder with everything in it", async () => {
			const { store } = makeVault({ "memory/daily/2026-01-01.md": "day", "memory/memory.md": "long" });
			await store.rename("memory", "archive/memory");
			expect(sorted(store.listFiles().map((file) => file.path))).toEqual([
				"archive/memory/daily/2026-01-01.md",
				"archive/memory/memory.md",
			]);
			expect(sorted(store.listFolders())).toEqual(["archive", "archive/memory", "archive/memory/daily"]);
			expect(await store.read("archive/memory/daily/2026-01-01.md")).toBe("day");
		});

		it("moves a note into a folder it makes, and refuses to move over another note", async () => {
			const { store } = makeVault({ "a.md": "A", "b.md": "B" });
			await expect(store.rename("a.md", "b.md")).rejects.toThrow();
			expect(await store.read("a.md")).toBe("A");
			await store.rename("a.md", "Archive/2026/a.md");
			expect(store.stat("a.md")).toBeNull();
			expect(await store.read("Archive/2026/a.md")).toBe("A");
		});

		it("updates links to a moved note in the notes that link to it", async () => {
			const { store, metadata } = makeVault({
				"Projects/Plan.md": "# Plan",
				"Daily.md": "See [[Plan]], [[Plan#Goals|the goals]] and [plan](Projects/Plan.md).",
			});
			await store.rename("Projects/Plan.md", "Archive/Plan 2026.md");
			expect(await store.read("Daily.md")).toBe(
				"See [[Plan 2026]], [[Plan 2026#Goals|the goals]] and [plan](Plan%202026.md).",
			);
			expect(metadata.resolveLink("Plan 2026", "Daily.md")).toBe("Archive/Plan 2026.md");
		});

		it("reports sizes in UTF-8 bytes and times as numbers", async () => {
			const { store } = makeVault();
			const stat = await store.create("中文.md", "é中");
			expect(stat.size).toBe(5);
			expect(Number.isFinite(stat.mtime) && Number.isFinite(stat.ctime)).toBe(true);
			await store.process("中文.md", (text) => `${text}!`);
			expect(store.stat("中文.md")?.size).toBe(6);
		});

		it("lists every file and every folder but the root, which is a folder", async () => {
			const { store } = makeVault({ "a.md": "", "x/y/b.md": "", "x/data.json": "{}" });
			expect(sorted(store.listFiles().map((file) => file.path))).toEqual(["a.md", "x/data.json", "x/y/b.md"]);
			expect(sorted(store.listFolders())).toEqual(["x", "x/y"]);
			expect(store.isFolder("/")).toBe(true);
			expect(store.isFolder("a.md")).toBe(false);
			expect(store.stat("x")).toBeNull();
		});

		it("lists the files directly in one folder, the root's too, and none of a missing folder", async () => {
			const { store } = makeVault({ "a.md": "", "x/b.md": "", "x/data.json": "{}", "x/y/c.md": "", "xy/d.md": "" });
			expect(sorted(store.filesIn("x").map((file) => file.path))).toEqual(["x/b.md", "x/data.json"]);
			expect(store.filesIn("x/y")).toEqual([store.stat("x/y/c.md")]);
			expect(store.filesIn("").map((file) => file.path)).toEqual(["a.md"]);
			expect(store.filesIn("missing")).toEqual([]);
			await store.create("x/new.md", "new");
			expect(sorted(store.filesIn("x").map((file) => file.path))).toEqual(["x/b.md", "x/data.json", "x/new.md"]);
		});

		it("knows a note's metadata after it is created and after it changes", async () => {
			const { store, metadata } = makeVault({ "data.json": "{}" });
			await store.create("note.md", "---\ntags: [a]\n---\n# First\n");
			expect(metadata.getMetadata("note.md")?.headings?.map((h) => h.heading)).toEqual(["First"]);
			expect(metadata.getMetadata("note.md")?.frontmatter).toEqual({ tags: ["a"] });
			await store.process("note.md", (text) => text.replace("# First", "# Second"));
			expect(metadata.getMetadata("/note.md")?.headings?.map((h) => h.heading)).toEqual(["Second"]);
			expect(metadata.getMetadata("data.json")).toBeNull();
			expect(metadata.getMetadata("missing.md")).toBeNull();
		});

		it("resolves links as Obsidian does: any case, by name or path, the nearest first", async () => {
			const { metadata } = makeVault({
				"Projects/Plan.md": "",
				"Archive/Plan.md": "",
				"Projects/Sub/Note.md": "",
				"image.png": "",
			});
			expect(metadata.resolveLink("note", "Daily.md")).toBe("Projects/Sub/Note.md");
			expect(metadata.resolveLink("PROJECTS/sub/NOTE", "Daily.md")).toBe("Projects/Sub/Note.md");
			expect(metadata.resolveLink("plan", "Archive/Today.md")).toBe("Archive/Plan.md");
			expect(metadata.resolveLink("plan", "Projects/Today.md")).toBe("Projects/Plan.md");
			expect(metadata.resolveLink("Archive/Plan.md", "Projects/Today.md")).toBe("Archive/Plan.md");
			expect(metadata.resolveLink("Image.PNG", "Daily.md")).toBe("image.png");
			expect(metadata.resolveLink("image", "Daily.md")).toBeNull();
			expect(metadata.resolveLink("Missing", "Daily.md")).toBeNull();
		});
	});
}
