/**
 * An editor that read a note a moment before the assistant's append, and saves that copy back in
 * place (`fs.writeFile` on the same file, as Obsidian's desktop adapter saves) 100 to 300 ms after
 * the append landed, puts the note back as it was: the append is gone. The headless host looked
 * once, 50 ms after its write, and called it written. Every append reported written must be in the
 * note at the end, once; one that cannot be made to stand is reported, never taken for written.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AuditLog } from "../../src/core/audit/auditLog";
import { AuditedWriter } from "../../src/core/vault/auditedWriter";
import { MemoryLogFile } from "../../headless/inMemory/memoryLogFile";
import { seededRandom } from "./seededRandom";
import { TempVault } from "../headless/tempVault";

jest.setTimeout(120_000);

const NOTE = "memory.md";
const HEAD = "# Memory\n\n- Mei drinks tea.\n";
const APPENDS = 36;

let folder: TempVault;

beforeEach(() => {
	folder = new TempVault().put(NOTE, HEAD);
});

afterEach(() => folder.remove());

function pause(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether `holds` within 10 seconds, looked at every 10 ms: a loaded machine is slow, never this slow. */
async function until(holds: () => boolean): Promise<boolean> {
	for (const started = Date.now(); Date.now() - started < 10_000; await pause(10)) if (holds()) return true;
	return false;
}

function writerOver(vault: ReturnType<TempVault["open"]>): AuditedWriter {
	const clock = { now: () => new Date("2026-03-15T09:00:00Z") };
	return new AuditedWriter({ store: vault, audit: new AuditLog(new MemoryLogFile()), clock, excludedFolders: [] });
}

const intent = { actor: "assistant", reason: "remember" } as const;

describe("an editor saving an older copy of the note over an append", () => {
	it("loses no append reported written: each is in the note once at the end", async () => {
		const random = seededRandom(36).next;
		const vault = folder.open();
		const writer = writerOver(vault);
		const full = join(folder.root, NOTE);
		const reported: string[] = [];
		const failed: string[] = [];
		let savesOver = 0;
		for (let entry = 0; entry < APPENDS; entry++) {
			// The editor's buffer: the note as it was just before the append.
			const stale = readFileSync(full);
			const text = `- entry ${entry} é中`;
			try {
				await writer.appendToNote(NOTE, `${text}\n`, intent);
				reported.push(text);
			} catch (error) {
				failed.push(`${text}: ${String(error)}`);
			}
			// Saved 100 to 300 ms after the append landed; every third time the editor saves it twice.
			const delay = 100 + Math.floor(random() * 200);
			await pause(delay);
			writeFileSync(full, stale);
			savesOver++;
			if (entry % 3 === 0) {
				await pause(100 + Math.floor(random() * 200));
				writeFileSync(full, stale);
				savesOver++;
			}
			// The editor's next copy is the note once it changed on disk again, as Obsidian reloads it;
			// a note that never gets the entry back ends the run.
			if (!(await until(() => reported.every((line) => readFileSync(full, "utf8").includes(line))))) break;
		}
		const lost = await vault.settled();
		const lines = readFileSync(full, "utf8").split("\n");
		process.stderr.write(`stale editor copy: ${savesOver} saves over ${APPENDS} appends\n`);
		// Nothing said written that is not in the note, nothing said lost, nothing twice.
		for (const text of reported)
			expect({ text, times: lines.filter((line) => line === text).length }).toEqual({ text, times: 1 });
		expect(failed).toEqual([]);
		expect(lost).toEqual([]);
		expect(folder.problems).toEqual([]);
		expect(reported).toHaveLength(APPENDS);
		expect(lines.slice(0, 3).join("\n")).toBe(HEAD.trimEnd());
	});

	it("tells the host of each write made again, for the audit trail, with the text it made", async () => {
		const again: { path: string; after: string }[] = [];
		const vault = folder.open({ onWrittenAgain: async (path, _before, after) => void again.push({ path, after }) });
		const full = join(folder.root, NOTE);
		const stale = readFileSync(full);
		await writerOver(vault).appendToNote(NOTE, "- the move to Lyon\n", intent);
		await pause(150);
		writeFileSync(full, stale);
		expect(await vault.settled()).toEqual([]);
		expect(again).toEqual([{ path: NOTE, after: `${HEAD}- the move to Lyon\n` }]);
		expect(readFileSync(full, "utf8")).toBe(`${HEAD}- the move to Lyon\n`);
	});

	it("reports an append that an editor keeps saving over as not written, never as written", async () => {
		const vault = folder.open();
		const full = join(folder.root, NOTE);
		const stale = readFileSync(full);
		const outcome = await writerOver(vault).appendToNote(NOTE, "- the move to Lyon\n", intent);
		expect(outcome.changed).toBe(true);
		// An editor that saves its old copy every 150 ms for as long as the host watches.
		let watching = true;
		const editor = (async () => {
			while (watching) {
				await pause(150);
				writeFileSync(full, stale);
			}
		})();
		const lost = await vault.settled();
		watching = false;
		await editor;
		expect(lost).toEqual([NOTE]);
		expect(folder.problems).toEqual([expect.objectContaining({ kind: "write-lost", path: NOTE })]);
		expect(readFileSync(full, "utf8")).toBe(HEAD);
	});
});
