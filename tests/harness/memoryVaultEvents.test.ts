import { MemoryVault } from "../../headless/inMemory/memoryVault";
import type { VaultEvents } from "../../headless/inMemory/vaultEvents";

/** Every event as `name path` (`rename` adds `<- oldPath`), in the order they fired. */
function record(vault: MemoryVault): string[] {
	const seen: string[] = [];
	const names: (keyof VaultEvents)[] = ["create", "modify", "delete", "rename", "changed", "deleted", "resolved"];
	for (const name of names) {
		vault.on(name, (...args: unknown[]) => {
			const [item, oldPath] = args as [{ path: string } | undefined, unknown];
			const from = name === "rename" ? ` <- ${String(oldPath)}` : "";
			seen.push(item ? `${name} ${item.path}${from}` : name);
		});
	}
	return seen;
}

describe("The in-memory vault's events", () => {
	it("reports a new note after its new folders, then its metadata, then the resolved links", async () => {
		const vault = new MemoryVault();
		const seen = record(vault);
		await vault.create("a/b/note.md", "# Note");
		expect(seen).toEqual(["create a", "create a/b", "create a/b/note.md", "changed a/b/note.md", "resolved"]);
	});

	it("gives `changed` the file, its text and its new metadata", async () => {
		const vault = new MemoryVault({ files: { "note.md": "# Old" } });
		const changed = jest.fn();
		vault.on("changed", changed);
		await vault.process("note.md", () => "# New");
		expect(changed).toHaveBeenCalledWith({ kind: "file", path: "note.md" }, "# New", vault.getMetadata("note.md"));
		expect(vault.getMetadata("note.md")?.headings?.[0]?.heading).toBe("New");
	});

	it("reports a change as modify, changed, resolved, and an unchanged text not at all", async () => {
		const vault = new MemoryVault({ files: { "note.md": "x", "board.canvas": "{}" } });
		const seen = record(vault);
		await vault.process("note.md", (text) => `${text}y`);
		await vault.process("note.md", (text) => text);
		await vault.process("board.canvas", () => '{"nodes":[]}');
		expect(seen).toEqual(["modify note.md", "changed note.md", "resolved", "modify board.canvas"]);
	});

	it("lets a listener of the vault event see the metadata before the change, as Obsidian's lags", async () => {
		const vault = new MemoryVault({ files: { "note.md": "# Before" } });
		let seenByListener: string | undefined;
		vault.on("modify", () => {
			seenByListener = vault.getMetadata("note.md")?.headings?.[0]?.heading;
		});
		await vault.process("note.md", () => "# After");
		expect(seenByListener).toBe("Before");
	});

	it("reports a rename without re-indexing the note, then the notes whose links it rewrote", async () => {
		const vault = new MemoryVault({ files: { "Plan.md": "# Plan", "Daily.md": "[[Plan]]" } });
		const seen = record(vault);
		await vault.rename("Plan.md", "Archive/Plan v2.md");
		expect(seen).toEqual([
			"create Archive",
			"rename Archive/Plan v2.md <- Plan.md",
			"modify Daily.md",
			"changed Daily.md",
			"resolved",
		]);
		expect(vault.getMetadata("Archive/Plan v2.md")?.headings?.[0]?.heading).toBe("Plan");
	});

	it("reports a folder's rename before its contents', outermost first", async () => {
		const vault = new MemoryVault({ files: { "old/a.md": "", "old/sub/b.md": "" } });
		const seen = record(vault);
		await vault.rename("old", "new");
		expect(seen).toEqual([
			"rename new <- old",
			"rename new/a.md <- old/a.md",
			"rename new/sub <- old/sub",
			"rename new/sub/b.md <- old/sub/b.md",
			"resolved",
		]);
	});

	it("reports a trashed folder's contents first, each note with its last metadata", async () => {
		const vault = new MemoryVault({ files: { "old/a.md": "# A", "old/sub/b.png": "" } });
		const seen = record(vault);
		const deleted = jest.fn();
		vault.on("deleted", deleted);
		await vault.trash("old");
		expect(seen).toEqual([
			"delete old/sub/b.png",
			"deleted old/sub/b.png",
			"delete old/sub",
			"delete old/a.md",
			"deleted old/a.md",
			"delete old",
			"resolved",
		]);
		expect(deleted).toHaveBeenCalledWith(
			{ kind: "file", path: "old/a.md" },
			expect.objectContaining({ headings: [expect.objectContaining({ heading: "A" })] }),
		);
		expect(deleted).toHaveBeenCalledWith({ kind: "file", path: "old/sub/b.png" }, {});
		expect(vault.trashed).toEqual([
			{ path: "old/sub/b.png", content: "" },
			{ path: "old/a.md", content: "# A" },
		]);
	});

	it("keeps the write and the other listeners when one listener throws", async () => {
		const vault = new MemoryVault();
		const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
		const second = jest.fn();
		vault.on("create", () => {
			throw new Error("faulty listener");
		});
		vault.on("create", second);
		await expect(vault.create("note.md", "x")).resolves.toEqual(expect.objectContaining({ path: "note.md" }));
		expect(second).toHaveBeenCalled();
		expect(error).toHaveBeenCalledWith(expect.objectContaining({ message: "faulty listener" }));
		error.mockRestore();
	});

	it("stops calling a listener after off or offref, and calls it with its ctx", async () => {
		const vault = new MemoryVault();
		const byName = jest.fn();
		const byRef = jest.fn();
		const context = { calls: 0 };
		vault.on("create", byName);
		const ref = vault.on("create", byRef);
		vault.on(
			"create",
			function (this: typeof context) {
				this.calls++;
			},
			context,
		);
		vault.off("create", byName);
		vault.offref(ref);
		await vault.create("note.md", "");
		expect(byName).not.toHaveBeenCalled();
		expect(byRef).not.toHaveBeenCalled();
		expect(context.calls).toBe(1);
	});
});
