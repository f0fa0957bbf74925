import { sha256Hex } from "../../../src/core/audit/hash";
import type { WriteIntent } from "../../../src/core/vault/auditedWriter";
import { undoWrite } from "../../../src/core/memory/undoWrite";
import { memoryFixture } from "../memory/fixture";

const NOW = "2026-03-15T12:00:00.000Z";
const intent: WriteIntent = { actor: "user", reason: "undo" };

describe("AuditedWriter.restoreNote", () => {
	it("puts the previous content back when the note is exactly as expected, and audits it", async () => {
		const { deps, vault, records } = memoryFixture({ "a.md": "before\nand after\n" }, NOW);
		const outcome = await deps.writer.restoreNote("a.md", "before\n", sha256Hex("before\nand after\n"), intent);
		expect(await vault.read("a.md")).toBe("before\n");
		expect(records()).toEqual([
			{
				time: NOW,
				actor: "user",
				action: "restore",
				path: "a.md",
				bytes: 7,
				sha256Before: sha256Hex("before\nand after\n"),
				sha256After: sha256Hex("before\n"),
				reason: "undo",
			},
		]);
		expect(outcome).toEqual({ path: "a.md", changed: true, record: records()[0] });
	});

	it("refuses, writing and logging nothing, when the note has changed since", async () => {
		const { deps, vault, log } = memoryFixture({ "a.md": "before\nand after\nand the user's edit\n" }, NOW);
		await expect(
			deps.writer.restoreNote("a.md", "before\n", sha256Hex("before\nand after\n"), intent),
		).rejects.toMatchObject({ refusal: "removes-text", path: "a.md" });
		expect(await vault.read("a.md")).toBe("before\nand after\nand the user's edit\n");
		expect(log.text).toBe("");
	});

	it("passes through the containment guard", async () => {
		const { deps } = memoryFixture({ "a.md": "x" }, NOW);
		for (const path of ["../a.md", ".obsidian/a.md", "/a.md"]) {
			await expect(deps.writer.restoreNote(path, "", sha256Hex("x"), intent)).rejects.toMatchObject({
				name: "ContainmentError",
			});
		}
	});
});

describe("undoWrite", () => {
	const assistant: WriteIntent = { actor: "assistant", reason: "add a line" };

	it("undoes an edit exactly, audited as a restore that names the change undone, and refuses a second time", async () => {
		const { deps, vault, records } = memoryFixture({ "a.md": "one\r\ntwo" }, NOW);
		const { record } = await deps.writer.processNote("a.md", (text) => `${text}\r\nthree`, assistant);
		if (record === null) throw new Error("expected a write");
		expect(await undoWrite({ record, before: "one\r\ntwo" }, deps, "user")).toMatchObject({
			kind: "restored",
			path: "a.md",
		});
		expect(await vault.read("a.md")).toBe("one\r\ntwo");
		expect(records()[1]).toMatchObject({
			actor: "user",
			action: "restore",
			path: "a.md",
			sha256Before: record.sha256After,
			sha256After: record.sha256Before,
			reason: `Undo the change of ${NOW}: add a line`,
		});
		expect(await undoWrite({ record, before: "one\r\ntwo" }, deps, "user")).toMatchObject({
			kind: "refused",
			refusal: "already-undone",
		});
	});

	it("does not undo a creation or a move: that would delete or move a note", async () => {
		const { deps, vault, records } = memoryFixture({ "a.md": "x" }, NOW);
		const created = await deps.writer.createNote("b.md", "new", assistant);
		const moved = await deps.writer.moveNote("a.md", "c/a.md", assistant);
		for (const { record } of [created, moved]) {
			if (record === null) throw new Error("expected a write");
			expect(await undoWrite({ record, before: "x" }, deps, "user")).toMatchObject({
				kind: "refused",
				refusal: "not-undoable",
			});
		}
		expect(await vault.read("b.md")).toBe("new");
		expect(records()).toHaveLength(2);
	});

	it("refuses a previous content that is not the one the record started from, and a note that is gone", async () => {
		const { deps, vault } = memoryFixture({ "a.md": "one" }, NOW);
		const { record } = await deps.writer.appendToNote("a.md", " two", assistant);
		if (record === null) throw new Error("expected a write");
		expect(await undoWrite({ record, before: "" }, deps, "user")).toMatchObject({
			kind: "refused",
			refusal: "not-undoable",
		});
		expect(await vault.read("a.md")).toBe("one two");
		await deps.writer.moveNote("a.md", "b.md", assistant);
		expect(await undoWrite({ record, before: "one" }, deps, "user")).toMatchObject({
			kind: "refused",
			refusal: "missing",
			current: null,
			previous: "one",
		});
	});

	it("refuses when the user edits the note between the check and the write, and shows the edit", async () => {
		const { deps, vault } = memoryFixture({ "a.md": "one" }, NOW);
		const { record } = await deps.writer.appendToNote("a.md", " two", assistant);
		if (record === null) throw new Error("expected a write");
		const writer = Object.create(deps.writer) as typeof deps.writer;
		writer.restoreNote = async (...args) => {
			await vault.process("a.md", (text) => `${text} and the user's edit`);
			return deps.writer.restoreNote(...args);
		};
		expect(await undoWrite({ record, before: "one" }, { vault: deps.vault, writer }, "user")).toMatchObject({
			kind: "refused",
			refusal: "changed-since",
			current: "one two and the user's edit",
		});
		expect(await vault.read("a.md")).toBe("one two and the user's edit");
	});
});
