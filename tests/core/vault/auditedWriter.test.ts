import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex } from "@noble/hashes/utils";
import { ContainmentError } from "../../../src/core/vault/containment";
import { WriteRefusedError, type WriteIntent } from "../../../src/core/vault/auditedWriter";
import { memoryFixture } from "../memory/fixture";

const hashOf = (text: string) => bytesToHex(sha256(new TextEncoder().encode(text)));
const intent: WriteIntent = { actor: "assistant", reason: "test write" };
const NOW = "2026-01-01T09:30:00.000Z";

describe("AuditedWriter", () => {
	it("creates a note and records its size and hash", async () => {
		const { deps, vault, records } = memoryFixture({}, NOW);
		const content = "# 笔记\n\n记忆 memory\n";
		const outcome = await deps.writer.createNote("项目/笔记.md", content, intent);

		expect(await vault.read("项目/笔记.md")).toBe(content);
		expect(records()).toEqual([
			{
				time: NOW,
				actor: "assistant",
				action: "create",
				path: "项目/笔记.md",
				bytes: new TextEncoder().encode(content).length,
				sha256Before: null,
				sha256After: hashOf(content),
				reason: "test write",
			},
		]);
		expect(outcome).toEqual({ path: "项目/笔记.md", changed: true, record: records()[0] });
	});

	it("never overwrites: creating over a file or a folder fails and logs nothing", async () => {
		const { deps, vault, log } = memoryFixture({ "notes/a.md": "mine" }, NOW);
		await expect(deps.writer.createNote("notes/a.md", "theirs", intent)).rejects.toMatchObject({ refusal: "exists" });
		await expect(deps.writer.createNote("notes", "theirs", intent)).rejects.toBeInstanceOf(WriteRefusedError);
		expect(await vault.read("notes/a.md")).toBe("mine");
		expect(log.text).toBe("");
	});

	it("appends and records the hashes before and after", async () => {
		const { deps, vault, records } = memoryFixture({ "a.md": "line 1\n" }, NOW);
		await deps.writer.appendToNote("a.md", "line 2\n", intent);

		expect(await vault.read("a.md")).toBe("line 1\nline 2\n");
		expect(records()).toMatchObject([
			{
				action: "append",
				path: "a.md",
				bytes: 14,
				sha256Before: hashOf("line 1\n"),
				sha256After: hashOf("line 1\nline 2\n"),
			},
		]);
	});

	it("refuses to append to a missing note", async () => {
		const { deps, vault } = memoryFixture({}, NOW);
		await expect(deps.writer.appendToNote("a.md", "x", intent)).rejects.toMatchObject({ refusal: "missing" });
		expect(vault.listFiles()).toEqual([]);
	});

	it("processes with a transform that inserts text, recording the action given by the intent", async () => {
		const { deps, vault, records } = memoryFixture({ "a.md": "top\nbottom\n" }, NOW);
		await deps.writer.processNote("a.md", (text) => text.replace("top\n", "top\nmiddle\n"), {
			...intent,
			action: "promote",
		});

		expect(await vault.read("a.md")).toBe("top\nmiddle\nbottom\n");
		expect(records()).toMatchObject([
			{ action: "promote", sha256Before: hashOf("top\nbottom\n"), sha256After: hashOf("top\nmiddle\nbottom\n") },
		]);
	});

	it("writes and logs nothing when a transform changes nothing", async () => {
		const { deps, log } = memoryFixture({ "a.md": "same" }, NOW);
		const outcome = await deps.writer.processNote("a.md", (text) => text, intent);
		expect(outcome).toEqual({ path: "a.md", changed: false, record: null });
		expect(log.text).toBe("");
	});

	it("never destroys user text: a transform that removes or rewrites text is refused", async () => {
		const { deps, vault, log } = memoryFixture({ "a.md": "the user's words\n" }, NOW);
		await expect(deps.writer.processNote("a.md", () => "replaced\n", intent)).rejects.toMatchObject({
			refusal: "removes-text",
		});
		await expect(deps.writer.processNote("a.md", (text) => text.slice(1), intent)).rejects.toMatchObject({
			refusal: "removes-text",
		});
		expect(await vault.read("a.md")).toBe("the user's words\n");
		expect(log.text).toBe("");
	});

	it("moves a note into a new folder and records where it came from", async () => {
		const { deps, vault, records } = memoryFixture({ "inbox/a.md": "text" }, NOW);
		await deps.writer.moveNote("inbox/a.md", "projects/2026/a.md", intent);

		expect(vault.stat("inbox/a.md")).toBeNull();
		expect(await vault.read("projects/2026/a.md")).toBe("text");
		expect(records()).toMatchObject([
			{
				action: "move",
				path: "projects/2026/a.md",
				from: "inbox/a.md",
				bytes: 4,
				sha256Before: hashOf("text"),
				sha256After: hashOf("text"),
			},
		]);
	});

	it("never moves over an existing note", async () => {
		const { deps, vault, log } = memoryFixture({ "a.md": "A", "b.md": "B" }, NOW);
		await expect(deps.writer.moveNote("a.md", "b.md", intent)).rejects.toMatchObject({ refusal: "exists" });
		expect(await vault.read("a.md")).toBe("A");
		expect(await vault.read("b.md")).toBe("B");
		expect(log.text).toBe("");
	});

	it("checks containment before touching the store, for every operation", async () => {
		const { deps, vault, log } = memoryFixture({ "a.md": "A" }, NOW, ["Private"]);
		const before = await vault.read("a.md");
		await expect(deps.writer.createNote("../escape.md", "x", intent)).rejects.toMatchObject({ rule: "parent" });
		await expect(deps.writer.appendToNote(".obsidian/app.json", "x", intent)).rejects.toMatchObject({ rule: "config" });
		await expect(deps.writer.processNote("private/a.md", (t) => t, intent)).rejects.toMatchObject({ rule: "excluded" });
		await expect(deps.writer.moveNote("a.md", ".trash/a.md", intent)).rejects.toMatchObject({ rule: "trash" });
		await expect(deps.writer.ensureFolder("/etc")).rejects.toBeInstanceOf(ContainmentError);

		expect(vault.listFiles().map((f) => f.path)).toEqual(["a.md"]);
		expect(vault.listFolders()).toEqual([]);
		expect(await vault.read("a.md")).toBe(before);
		expect(log.text).toBe("");
	});

	it("writes to the normalized path", async () => {
		const { deps, vault } = memoryFixture({}, NOW);
		const outcome = await deps.writer.createNote("./notes//new.md", "x", intent);
		expect(outcome.path).toBe("notes/new.md");
		expect(vault.stat("notes/new.md")).not.toBeNull();
		expect(await deps.writer.ensureFolder("a\\b")).toBe("a/b");
		expect(vault.isFolder("a/b")).toBe(true);
	});
});
