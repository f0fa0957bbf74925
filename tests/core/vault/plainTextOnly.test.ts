import { AuditLog } from "../../../src/core/audit/auditLog";
import { AuditedWriter, type WriteIntent, WriteRefusedError } from "../../../src/core/vault/auditedWriter";
import { MemoryVault } from "../../../headless/inMemory/memoryVault";
import { MemoryLogFile } from "../../../headless/inMemory/memoryLogFile";
import { memoryFixture } from "../memory/fixture";

const intent: WriteIntent = { actor: "assistant", reason: "test write" };
const NOW = "2026-01-01T09:30:00.000Z";

/** "Café au lait\n" as a Latin-1 editor saves it: é is the single byte 0xE9, not UTF-8. */
const LATIN1 = Uint8Array.from([...Buffer.from("Caf", "latin1"), 0xe9, ...Buffer.from(" au lait\n", "latin1")]);
/** A PNG's first bytes, saved under a `.md` name: valid UTF-8 up to the NUL, but not text. */
const BINARY = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
const WITH_NUL = new TextEncoder().encode("notes\u0000more\n");

describe("the writer edits only notes whose bytes are plain text", () => {
	it.each([
		["a Latin-1 note", LATIN1],
		["a binary file named .md", BINARY],
		["valid UTF-8 holding a NUL", WITH_NUL],
	])("never appends to, annotates or rewrites %s, and logs nothing", async (_name, bytes) => {
		const { deps, vault, log } = memoryFixture({ "note.md": bytes }, NOW);
		const writes = [
			deps.writer.appendToNote("note.md", "more\n", intent),
			deps.writer.processNote("note.md", (text) => `${text}more\n`, intent),
			deps.writer.writeAssistantCallout("note.md", "A summary.", intent),
		];
		for (const write of writes)
			await expect(write).rejects.toMatchObject({ refusal: "not-plain-text", path: "note.md" });
		expect(await vault.readBinary("note.md")).toEqual(bytes);
		expect(log.text).toBe("");
	});

	it("says why in the refusal the model and the command line see", async () => {
		const { deps } = memoryFixture({ "note.md": LATIN1 }, NOW);
		await expect(deps.writer.appendToNote("note.md", "x", intent)).rejects.toThrow(/not plain UTF-8 text.*: note\.md$/);
	});

	it("still edits UTF-8 notes, including one that holds U+FFFD as a character", async () => {
		const text = "中文 \uFFFD kept\n";
		const { deps, vault } = memoryFixture({ "note.md": new TextEncoder().encode(text) }, NOW);
		await deps.writer.appendToNote("note.md", "more\n", intent);
		expect(await vault.read("note.md")).toBe(`${text}more\n`);
	});

	it("refuses when the note is replaced by undecodable bytes between the check and the write", async () => {
		/** The user's editor saves the note as Latin-1 just after the writer looked at its bytes. */
		class ReplacedAfterCheck extends MemoryVault {
			override async readBinary(path: string): Promise<Uint8Array> {
				const bytes = await super.readBinary(path);
				await this.process(path, () => new TextDecoder().decode(LATIN1));
				return bytes;
			}
		}
		const vault = new ReplacedAfterCheck({ files: { "note.md": "plain\n" } });
		const log = new MemoryLogFile();
		const writer = new AuditedWriter({
			store: vault,
			audit: new AuditLog(log),
			clock: { now: () => new Date(NOW) },
			excludedFolders: [],
		});
		await expect(writer.appendToNote("note.md", "more\n", intent)).rejects.toBeInstanceOf(WriteRefusedError);
		expect(await vault.read("note.md")).toBe("Caf\uFFFD au lait\n");
		expect(log.text).toBe("");
	});
});
