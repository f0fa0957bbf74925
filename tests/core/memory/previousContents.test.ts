import { AuditLog } from "../../../src/core/audit/auditLog";
import type { AuditRecord } from "../../../src/core/audit/record";
import { PreviousContents, RememberingStore, type KeepLimits } from "../../../src/core/memory/previousContents";
import { undoAuditedChange } from "../../../src/core/memory/undoChange";
import { AuditedWriter } from "../../../src/core/vault/auditedWriter";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { viewOf } from "../../harness/viewOf";
import { MemoryLogFile } from "../../../headless/inMemory/memoryLogFile";

const DAY = 24 * 60 * 60 * 1000;
const LIMITS: KeepLimits = { maxSize: 20_000, maxAgeDays: 30 };

function setup(limits: KeepLimits = LIMITS) {
	let now = Date.parse("2026-11-01T10:00:00Z");
	const clock = { now: () => new Date(now) };
	const notes = Object.fromEntries(
		Array.from({ length: 300 }, (_, n) => [`notes/${n}.md`, `note ${n}: ${"x".repeat(80)}\n`]),
	);
	const vault = new MemoryVault({ files: { ...notes, "log.md": "start\n", "other.md": "other\n" } });
	const audit = new AuditLog(new MemoryLogFile());
	const kept = new MemoryLogFile();
	const previous = new PreviousContents(kept, clock, limits);
	const writer = new AuditedWriter({ store: new RememberingStore(vault, previous), audit, clock, excludedFolders: [] });
	const deps = { vault: viewOf(vault), writer };
	const append = async (path: string, text: string): Promise<AuditRecord> => {
		await writer.appendToNote(path, text, { actor: "assistant", reason: "add" });
		const { records } = await audit.read();
		return records[records.length - 1];
	};
	const later = (ms: number) => void (now += ms);
	return { vault, kept, previous, deps, append, later, clock };
}

describe("the previous texts kept for undo", () => {
	it("leaves a change audited, and says it cannot be undone, when its previous text cannot be kept", async () => {
		const clock = { now: () => new Date("2026-11-01T10:00:00Z") };
		const vault = new MemoryVault({ files: { "log.md": "start\n" } });
		const auditFile = new MemoryLogFile();
		const audit = new AuditLog(auditFile);
		const refusing = new (class extends MemoryLogFile {
			override append(): Promise<void> {
				return Promise.reject(new Error("EACCES"));
			}
		})();
		const previous = new PreviousContents(refusing, clock);
		const writer = new AuditedWriter({
			store: new RememberingStore(vault, previous),
			audit,
			clock,
			excludedFolders: [],
		});
		await writer.appendToNote("log.md", "added\n", { actor: "assistant", reason: "add" });
		expect(await vault.read("log.md")).toBe("start\nadded\n");
		const { records } = await audit.read();
		expect(records).toHaveLength(1);
		const deps = { vault: viewOf(vault), writer };
		expect((await undoAuditedChange(records[0], previous, deps, "user")).kind).toBe("unavailable");
	});

	it("stays under its size limit over many writes, the newest change still undoable", async () => {
		const { kept, previous, append, later, deps, vault } = setup();
		let last: AuditRecord | null = null;
		for (let n = 0; n < 300; n++) {
			later(60_000);
			last = await append(`notes/${n}.md`, "a line\n");
			expect(kept.text.length).toBeLessThanOrEqual(LIMITS.maxSize);
		}
		const outcome = await undoAuditedChange(last!, previous, deps, "user");
		expect(outcome.kind).toBe("restored");
		expect(await vault.read("notes/299.md")).toBe(`note 299: ${"x".repeat(80)}\n`);
	});

	it("says an old change is too old to undo once its text was dropped for size, and still undoes a recent one", async () => {
		const { previous, append, later, deps } = setup();
		const first = await append("other.md", "a line\n");
		for (let n = 0; n < 300; n++) {
			later(60_000);
			await append(`notes/${n}.md`, "a line\n");
		}
		later(60_000);
		const recent = await append("other.md", "another line\n");
		expect(await undoAuditedChange(first, previous, deps, "user")).toMatchObject({ kind: "too-old", path: "other.md" });
		expect((await undoAuditedChange(recent, previous, deps, "user")).kind).toBe("restored");
	});

	it("drops texts older than the age limit, and says so on undo, from a reloaded file too", async () => {
		const { kept, append, later, deps, clock } = setup();
		const old = await append("other.md", "a line\n");
		later(31 * DAY);
		const recent = await append("log.md", "today\n");
		expect(kept.text).not.toContain('"text":"other\\n"');
		const reloaded = new PreviousContents(kept, clock, LIMITS);
		expect(await undoAuditedChange(old, reloaded, deps, "user")).toMatchObject({ kind: "too-old" });
		expect((await undoAuditedChange(recent, reloaded, deps, "user")).kind).toBe("restored");
	});

	it("still says never kept for a change newer than what was dropped whose text was not kept", async () => {
		const { previous, append, later, deps } = setup();
		await append("other.md", "a line\n");
		later(31 * DAY);
		const recent = await append("log.md", "today\n");
		expect(await undoAuditedChange({ ...recent, sha256Before: "0".repeat(64) }, previous, deps, "user")).toMatchObject({
			kind: "unavailable",
		});
	});

	it("keeps the text of the change just made even when it alone is larger than the limit", async () => {
		const { previous, append, deps, vault } = setup({ maxSize: 1_000, maxAgeDays: 30 });
		await vault.process("log.md", () => "y".repeat(5_000));
		const change = await append("log.md", "one more\n");
		expect((await undoAuditedChange(change, previous, deps, "user")).kind).toBe("restored");
		expect(await vault.read("log.md")).toBe("y".repeat(5_000));
	});

	it("reads texts kept before times were written, and ages them from then on", async () => {
		const { kept, clock, later } = setup();
		const text = "the old text\n";
		const { sha256Hex } = await import("../../../src/core/audit/hash");
		kept.text = `${JSON.stringify({ sha256: sha256Hex(text), text })}\n`;
		expect(await new PreviousContents(kept, clock, LIMITS).find(sha256Hex(text))).toBe(text);
		later(29 * DAY);
		expect(await new PreviousContents(kept, clock, LIMITS).find(sha256Hex(text))).toBe(text);
		later(2 * DAY);
		expect(await new PreviousContents(kept, clock, LIMITS).find(sha256Hex(text))).toBeNull();
	});
});
