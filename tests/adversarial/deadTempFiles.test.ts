/**
 * A write of the headless host puts the note's new bytes in a temporary file beside it
 * (`.memory.md.<pid>.<8 hex>.tmp`) and renames it over the note. Killed with SIGKILL between the
 * two, the process leaves that file among the user's notes, where nothing ever removed it: a
 * vault folder collected a copy of a note at every crash. The next start removes what processes
 * no longer running left, and nothing else.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { bundledChild } from "../headless/childScript";
import { versionContent } from "../headless/children/wholeContent";
import { killWhileWriting } from "../headless/killWhileWriting";
import { TempVault } from "../headless/tempVault";

/** Large, so that a write spends most of its time filling and flushing its temporary file. */
const SIZE = 4 * 1024 * 1024;
const NOTES = ["memory.md", "Projects/plan.md"];
/** Past this, no more kills: a loaded machine still ends the test in time. */
const KILL_BUDGET_MS = 30_000;
const PLUGIN_FOLDER = ".obsidian/plugins/assistant-workspace";

jest.setTimeout(90_000);

let writer: string;
let folder: TempVault;

beforeAll(() => {
	writer = bundledChild("crashWriter");
});

afterAll(() => rmSync(dirname(writer), { recursive: true, force: true }));

beforeEach(() => {
	folder = new TempVault();
	for (const note of NOTES) folder.put(note, versionContent(0, SIZE));
});

afterEach(() => folder.remove());

/** The id of a process that ran and has ended. */
function deadProcessId(): Promise<number> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
		child.once("error", reject);
		child.once("exit", () => resolve(child.pid ?? 0));
	});
}

/** The temporary files of writes among the vault's files. */
function temporaryFiles(): string[] {
	return folder.filesOnDisk().filter((path) => /(^|\/)\.[^/]+\.\d+\.[0-9a-f]{8}\.tmp$/.test(path));
}

describe("temporary files of a write killed half-way", () => {
	it("are removed at the next start, and nothing of the user's with them", async () => {
		const started = Date.now();
		let kills = 0;
		while (temporaryFiles().length === 0 && Date.now() - started < KILL_BUDGET_MS) {
			await killWhileWriting(writer, folder.root, SIZE, NOTES, 20 + Math.floor(Math.random() * 80));
			kills++;
		}
		const leftovers = temporaryFiles();
		process.stderr.write(`dead temporary files: ${leftovers.length} left after ${kills} kills\n`);
		expect(leftovers.length).toBeGreaterThan(0);

		// Files of the user's that look like temporary files, and one of a write under way in a
		// process that runs (this one): none of them is a dead write's leftover.
		const users = [
			".memory.md.backup.tmp",
			"Projects/.plan.md.2024.tmp",
			"Projects/plan.md.123.0123abcd.tmp",
			".memory.md.123.0123abcd.tmp.bak",
			".memory.md.123.0123ABCD.tmp",
			"Projects/.plan.md.99x.0123abcd.tmp",
		];
		for (const path of users) folder.put(path, "the user's own");
		const live = `.memory.md.${process.pid}.0123abcd.tmp`;
		folder.put(live, "a write under way");
		// The audit trail is replaced the same way, in the plugin's folder.
		const deadAudit = `${PLUGIN_FOLDER}/.audit.jsonl.${await deadProcessId()}.89abcdef.tmp`;
		folder.put(deadAudit, "{}");

		folder.open();

		expect(temporaryFiles()).toEqual([live]);
		const notLocks = folder.filesOnDisk().filter((path) => !path.startsWith(`${PLUGIN_FOLDER}/locks/`));
		expect(notLocks).toEqual([...NOTES, ...users, live].sort());
	});
});

describe("files shaped like a dead write's temporary file", () => {
	it("survive the start unless a write of the host names files so where they lie; a real leftover does not", async () => {
		const dead = await deadProcessId();
		// Another program's files of the same shape: for a file the host never writes, or in a
		// folder where it writes no such file.
		const others = [
			`.photo.jpg.${dead}.deadbeef.tmp`,
			`Projects/.notes.${dead}.abcdef12.tmp`,
			`Projects/.settings.json.${dead}.0123abcd.tmp`,
			`${PLUGIN_FOLDER}/.memory.md.${dead}.0123abcd.tmp`,
			`${PLUGIN_FOLDER}/.cache.db.${dead}.0123abcd.tmp`,
		];
		for (const path of others) folder.put(path, "another program's");
		const leftovers = [
			`Projects/.plan.md.${dead}.89abcdef.tmp`,
			`${PLUGIN_FOLDER}/.data.json.${dead}.0123abcd.tmp`,
			`${PLUGIN_FOLDER}/.data.json.last-good.${dead}.0123abcd.tmp`,
			`${PLUGIN_FOLDER}/.receipts.jsonl.${dead}.0123abcd.tmp`,
		];
		for (const path of leftovers) folder.put(path, "a dead write's");

		folder.open();

		const notLocks = folder.filesOnDisk().filter((path) => !path.startsWith(`${PLUGIN_FOLDER}/locks/`));
		expect(notLocks).toEqual([...NOTES, ...others].sort());
	});
});
