/**
 * `chat --approve all` applies the turn's proposals once the model answered, which may be minutes
 * after they were made: meanwhile the user may make a note private in the settings, or a note may
 * be replaced by a symbolic link. Each proposal is judged as things are when it is applied, and
 * one that is refused is said and skipped: the others are still applied, and the `--json` line is
 * still printed, whole.
 *
 * The real command line runs as a child process against the fake Messages API; the vault is
 * changed while the fake server holds back the turn's last answer.
 */
import { readFileSync, renameSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { textReply, toolUseReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { defaultPluginData } from "../../src/core/workspace/data/pluginData";
import { copyOfExampleVault, spawnCli, type SpawnedRun } from "../scripts/runCli";

// Each case spawns the real command line; a few seconds each on a cold machine.
jest.setTimeout(60_000);

const fake = useFakeAnthropic();
const THESIS = "Projects/Thesis - sleep and memory.md";
const READING = "Notes/Reading list.md";
const PROPOSE_THESIS = {
	path: THESIS,
	edits: [{ find: "- 48 participants, word-pair learning", replace: "- 52 participants, word-pair learning" }],
	reason: "Four more joined",
};
const PROPOSE_READING = {
	path: READING,
	edits: [{ find: "- Mednick et al., nap studies", replace: "- Mednick et al., nap studies (2003)" }],
	reason: "Add the year",
};
/** How long the fake server holds back the last answer: the time the test has to change the vault. */
const HELD_MS = 2500;

interface Summary {
	readonly text: string;
	readonly proposals: readonly {
		readonly proposal: { readonly path: string };
		readonly outcome: { readonly kind: string; readonly refusal?: string } | null;
	}[];
}

let vault: string;
const dataFile = () => join(vault, ".obsidian", "plugins", "assistant-workspace", "data.json");
function saveSettings(excludedFolders: readonly string[]): void {
	const data = defaultPluginData();
	writeFileSync(dataFile(), JSON.stringify({ ...data, settings: { ...data.settings, excludedFolders } }));
}

beforeEach(() => {
	vault = copyOfExampleVault();
	mkdirSync(join(vault, ".obsidian", "plugins", "assistant-workspace"), { recursive: true });
	saveSettings(["Private"]);
});
afterEach(() => rmSync(vault, { recursive: true, force: true }));

/**
 * Runs `chat --approve all --json` over a turn that proposes both edits, running `meanwhile` once
 * the last request reached the server and before its answer comes back.
 */
async function approveAllWhile(meanwhile: () => void): Promise<SpawnedRun> {
	fake().enqueue(
		toolUseReply("note_edit", PROPOSE_THESIS),
		toolUseReply("note_edit", PROPOSE_READING),
		textReply("I proposed two changes.", { loadingMs: HELD_MS }),
	);
	const run = spawnCli(
		[
			"chat",
			"Update my notes",
			"--vault",
			vault,
			"--base-url",
			fake().baseURL,
			"--now",
			"2026-11-28T10:00:00Z",
			"--json",
			"--approve",
			"all",
		],
		{ ANTHROPIC_API_KEY: "test" },
	);
	const started = Date.now();
	while (fake().messageBodies.length < 3) {
		if (Date.now() - started > 45_000) throw new Error("The command line never asked for its last answer.");
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	meanwhile();
	return run;
}

const lastLine = (stdout: string) => JSON.parse(stdout.trimEnd().split("\n").pop() ?? "") as Summary;

describe("chat --approve all, when the vault changed during the run", () => {
	it("does not edit a note whose folder the user made private in the settings meanwhile", async () => {
		const thesis = readFileSync(join(vault, THESIS), "utf8");
		const reading = readFileSync(join(vault, READING), "utf8");
		const run = await approveAllWhile(() => saveSettings(["Private", "Projects"]));
		expect(run.code).toBe(0);
		expect(run.stderr).toContain(`Not applied to ${THESIS}: refused (hidden).`);
		expect(readFileSync(join(vault, THESIS), "utf8")).toBe(thesis);
		expect(readFileSync(join(vault, READING), "utf8")).toBe(reading.replace("nap studies", "nap studies (2003)"));
		expect(lastLine(run.stdout).proposals.map((entry) => entry.outcome?.kind)).toEqual(["refused", "applied"]);
	});

	it("skips a note replaced by a symbolic link, applies the rest and prints the --json line whole", async () => {
		const outside = join(vault, "..", `${vault.split("/").pop() ?? "vault"}-outside.md`);
		const reading = readFileSync(join(vault, READING), "utf8");
		try {
			const run = await approveAllWhile(() => {
				// The note becomes a link to a file outside the vault, with the very text it was proposed against.
				renameSync(join(vault, THESIS), outside);
				symlinkSync(outside, join(vault, THESIS));
			});
			expect(run.stderr).toContain(`Not applied to ${THESIS}`);
			expect(readFileSync(join(vault, READING), "utf8")).toBe(reading.replace("nap studies", "nap studies (2003)"));
			const summary = lastLine(run.stdout);
			expect(summary.text).toBe("I proposed two changes.");
			expect(summary.proposals.map((entry) => [entry.proposal.path, entry.outcome?.kind])).toEqual([
				[THESIS, "refused"],
				[READING, "applied"],
			]);
			expect(readFileSync(outside, "utf8")).not.toContain("52 participants");
		} finally {
			rmSync(outside, { force: true });
		}
	});
});
