import { AuditLog } from "../../../src/core/audit/auditLog";
import { AuditedWriter } from "../../../src/core/vault/auditedWriter";
import { PreviousContents, RememberingStore } from "../../../src/core/memory/previousContents";
import { undoAuditedChange } from "../../../src/core/memory/undoChange";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { viewOf } from "../../harness/viewOf";
import { MemoryLogFile } from "../../../headless/inMemory/memoryLogFile";

const CLOCK = { now: () => new Date("2026-11-28T10:00:00Z") };

function setup(files: Record<string, string>) {
	const vault = new MemoryVault({ files });
	const audit = new AuditLog(new MemoryLogFile());
	const kept = new MemoryLogFile();
	const previous = new PreviousContents(kept, CLOCK);
	const store = new RememberingStore(vault, previous);
	const writer = new AuditedWriter({ store, audit, clock: CLOCK, excludedFolders: [] });
	const lastRecord = async () => {
		const { records } = await audit.read();
		return records[records.length - 1];
	};
	return { vault, writer, store, previous, kept, lastRecord, deps: { vault: viewOf(vault), writer } };
}

describe("undo from the audit trail", () => {
	it("restores the exact previous content of a change, line endings and all", async () => {
		const { vault, writer, lastRecord, previous, deps } = setup({ "a.md": "one\r\ntwo  \r\n" });
		await writer.appendToNote("a.md", "three\r\n", { actor: "assistant", reason: "add" });
		const outcome = await undoAuditedChange(await lastRecord(), previous, deps, "user");
		expect(outcome.kind).toBe("restored");
		expect(await vault.read("a.md")).toBe("one\r\ntwo  \r\n");
		expect((await lastRecord()).action).toBe("restore");
	});

	it("refuses when the note changed since, carrying both versions, and writes nothing", async () => {
		const { vault, writer, lastRecord, previous, deps } = setup({ "a.md": "one\n" });
		await writer.appendToNote("a.md", "two\n", { actor: "assistant", reason: "add" });
		const record = await lastRecord();
		await vault.process("a.md", (text) => `${text}the user's line\n`);
		const outcome = await undoAuditedChange(record, previous, deps, "user");
		expect(outcome).toMatchObject({
			kind: "refused",
			refusal: "changed-since",
			previous: "one\n",
			current: "one\ntwo\nthe user's line\n",
		});
		expect(await vault.read("a.md")).toBe("one\ntwo\nthe user's line\n");
	});

	it("keeps each previous text once, survives a reload, and says when a change's text was never kept", async () => {
		const { writer, lastRecord, kept, deps } = setup({ "a.md": "one\n" });
		await writer.appendToNote("a.md", "two\n", { actor: "assistant", reason: "add" });
		const record = await lastRecord();
		const reloaded = new PreviousContents(kept, CLOCK);
		expect(await reloaded.find(record.sha256Before ?? "")).toBe("one\n");
		const outcome = await undoAuditedChange({ ...record, sha256Before: "0".repeat(64) }, reloaded, deps, "user");
		expect(outcome.kind).toBe("unavailable");
		const created = await writer.createNote("b.md", "x", { actor: "assistant", reason: "new" });
		expect(await undoAuditedChange(created.record!, reloaded, deps, "user")).toMatchObject({
			kind: "refused",
			refusal: "not-undoable",
		});
	});
});
