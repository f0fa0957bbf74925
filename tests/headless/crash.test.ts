import { readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { bundledChild } from "./childScript";
import { versionContent, wholeVersion } from "./children/wholeContent";
import { killWhileWriting } from "./killWhileWriting";
import { TempVault } from "./tempVault";

const NOTES = ["memory.md", "Projects/plan.md", "daily/2026-03-15.md"];
const SIZE = 1024 * 1024;
const TRIALS = 30;
/** Past this, the trials stop even if fewer ran: the suite must stay fast on a loaded machine. */
const TIME_BUDGET_MS = 15_000;

jest.setTimeout(60_000);

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

describe("a write killed at any moment", () => {
	it("leaves every note either whole as before or whole as after, and no temporary file among the notes", async () => {
		const started = Date.now();
		const versionsSeen = new Set<number>();
		let trials = 0;
		while (trials < TRIALS && Date.now() - started < TIME_BUDGET_MS) {
			await killWhileWriting(writer, folder.root, SIZE, NOTES, Math.floor(Math.random() * 50));
			trials++;
			for (const note of NOTES) {
				const version = wholeVersion(readFileSync(join(folder.root, note), "utf8"), SIZE);
				expect({ note, trial: trials, whole: version !== null }).toEqual({ note, trial: trials, whole: true });
				versionsSeen.add(version ?? -1);
			}
			expect(
				folder
					.open()
					.listFiles()
					.map((file) => file.path)
					.sort(),
			).toEqual([...NOTES].sort());
		}
		process.stderr.write(
			`crash test: ${trials} trials in ${Date.now() - started} ms, ${versionsSeen.size} distinct versions seen\n`,
		);
		expect(trials).toBeGreaterThanOrEqual(10);
		// The kills did land in the middle of the work: the notes moved on between trials.
		expect(versionsSeen.size).toBeGreaterThan(2);
	});
});
