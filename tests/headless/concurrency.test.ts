import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { AuditLog } from "../../src/core/audit/auditLog";
import { AuditedWriter } from "../../src/core/vault/auditedWriter";
import { bundledChild } from "./childScript";
import { TempVault } from "./tempVault";
import { MemoryLogFile } from "../../headless/inMemory/memoryLogFile";

jest.setTimeout(60_000);

const clock = { now: () => new Date("2026-03-15T09:00:00Z") };
let folder: TempVault;

beforeEach(() => {
	folder = new TempVault().put("memory.md", "# Memory\n\n- Mei drinks tea.\n");
});

afterEach(() => folder.remove());

function writerOver(vault: ReturnType<TempVault["open"]>): AuditedWriter {
	const audit = new AuditLog(new MemoryLogFile());
	return new AuditedWriter({ store: vault, audit, clock, excludedFolders: [] });
}

describe("writes while someone else edits the note", () => {
	it("keeps an edit the user saved while the model was thinking: the append lands on top of it", async () => {
		const vault = folder.open();
		const seenByTheTool = await vault.read("memory.md");
		writeFileSync(join(folder.root, "memory.md"), `${seenByTheTool}- Edited in Obsidian meanwhile.\n`);
		await writerOver(vault).appendToNote("memory.md", "- Mei moved to Lyon.\n", {
			actor: "assistant",
			reason: "remember the move",
		});
		expect(readFileSync(join(folder.root, "memory.md"), "utf8")).toBe(
			"# Memory\n\n- Mei drinks tea.\n- Edited in Obsidian meanwhile.\n- Mei moved to Lyon.\n",
		);
	});

	it("builds again on an edit saved between its read and its rename, instead of writing over it", async () => {
		const vault = folder.open();
		let calls = 0;
		const result = await vault.process("memory.md", (current) => {
			// The user's editor saves, without any lock, while the new content is being made.
			if (calls++ === 0) writeFileSync(join(folder.root, "memory.md"), `${current}- Saved by the editor.\n`);
			return `${current}- Added by the assistant.\n`;
		});
		expect(calls).toBe(2);
		expect(readFileSync(join(folder.root, "memory.md"), "utf8")).toBe(
			"# Memory\n\n- Mei drinks tea.\n- Saved by the editor.\n- Added by the assistant.\n",
		);
		expect(result).toBe(readFileSync(join(folder.root, "memory.md"), "utf8"));
	});
});

describe("two processes appending to one note", () => {
	let appender: string;
	beforeAll(() => {
		appender = bundledChild("appender");
	});
	afterAll(() => rmSync(dirname(appender), { recursive: true, force: true }));

	function append(tag: string, count: number): Promise<number | null> {
		return new Promise((resolve, reject) => {
			const child = spawn(process.execPath, [appender, folder.root, "memory.md", tag, String(count)], {
				stdio: ["ignore", "ignore", "inherit"],
			});
			child.once("error", reject);
			child.once("exit", resolve);
		});
	}

	it("lands every line of both, each once", async () => {
		expect(await Promise.all([append("first", 100), append("second", 100)])).toEqual([0, 0]);
		const lines = readFileSync(join(folder.root, "memory.md"), "utf8").split("\n").slice(3, -1);
		expect(lines).toHaveLength(200);
		for (const tag of ["first", "second"]) {
			expect(lines.filter((line) => line.startsWith(`${tag} `))).toEqual(
				Array.from({ length: 100 }, (_, n) => `${tag} ${n}`),
			);
		}
	});
});
