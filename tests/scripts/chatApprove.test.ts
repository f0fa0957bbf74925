import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { textReply, toolUseReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { appliesProposals } from "../../scripts/lib/chatProposals";
import { copyOfExampleVault, spawnCli, type SpawnedRun } from "./runCli";

// Each case spawns the real command line; a few seconds each on a cold machine.
jest.setTimeout(60_000);

const fake = useFakeAnthropic();
const NOTE = join("Projects", "Thesis - sleep and memory.md");
const NOW = ["--now", "2026-11-28T10:00:00Z"];

const PROPOSE = {
	path: "Projects/Thesis - sleep and memory.md",
	edits: [
		{ find: "- 48 participants, word-pair learning", replace: "- 52 participants, word-pair learning" },
		{ find: "- [ ] Book the sleep lab for January", replace: "- [x] Book the sleep lab for January" },
	],
	reason: "You said the lab is booked and four more joined",
};

interface Summary {
	proposals: { proposal: { path: string; hunks: unknown[] }; outcome: { kind: string } | null }[];
}

function runChat(args: readonly string[]): Promise<SpawnedRun> {
	return spawnCli(["chat", ...args, "--vault", vault, "--base-url", fake().baseURL, ...NOW, "--json"], {
		ANTHROPIC_API_KEY: "test",
	});
}

const lastLine = (stdout: string) => JSON.parse(stdout.trimEnd().split("\n").pop() ?? "") as Summary;
const trail = () =>
	readFileSync(join(vault, ".obsidian", "plugins", "assistant-workspace", "audit.jsonl"), "utf8")
		.trim()
		.split("\n")
		.map((line) => JSON.parse(line) as { action: string; path: string; reason: string });

let vault: string;
let before: string;
beforeEach(() => {
	vault = copyOfExampleVault();
	before = readFileSync(join(vault, NOTE), "utf8");
});
afterEach(() => rmSync(vault, { recursive: true, force: true }));

describe("chat --approve on the command line", () => {
	it("prints the proposed changes as a diff and writes nothing by default", async () => {
		fake().enqueue(toolUseReply("note_edit", PROPOSE), textReply("I proposed two changes."));
		const run = await runChat(["Update my thesis note: 52 participants, the lab is booked"]);
		expect(run.code).toBe(0);
		expect(run.stdout).toContain(
			[
				"--- Projects/Thesis - sleep and memory.md",
				"+++ Projects/Thesis - sleep and memory.md (proposed: You said the lab is booked and four more joined)",
				"@@ -14,1 +14,1 @@ (change 1)",
				"-- 48 participants, word-pair learning, a 20-minute nap or quiet rest.",
				"+- 52 participants, word-pair learning, a 20-minute nap or quiet rest.",
				"@@ -22,1 +22,1 @@ (change 2)",
				"-- [ ] Book the sleep lab for January",
				"+- [x] Book the sleep lab for January",
			].join("\n"),
		);
		expect(run.stderr).toContain("nothing was written (--approve all applies them)");
		expect(readFileSync(join(vault, NOTE), "utf8")).toBe(before);
		expect(trail().map((record) => record.action)).not.toContain("edit");
		expect(lastLine(run.stdout).proposals).toEqual([
			{ proposal: expect.objectContaining({ path: PROPOSE.path }) as unknown, outcome: null },
		]);
	});

	it("--approve all writes every proposed change, audited as an approved edit", async () => {
		fake().enqueue(toolUseReply("note_edit", PROPOSE), textReply("I proposed two changes."));
		const run = await runChat(["Update my thesis note", "--approve", "all"]);
		expect(run.code).toBe(0);
		expect(readFileSync(join(vault, NOTE), "utf8")).toBe(
			before
				.replace("- 48 participants", "- 52 participants")
				.replace("- [ ] Book the sleep lab", "- [x] Book the sleep lab"),
		);
		expect(run.stderr).toContain("Applied 2 changes to Projects/Thesis - sleep and memory.md");
		expect(trail().filter((record) => record.action === "edit")).toEqual([
			expect.objectContaining({ path: PROPOSE.path, reason: expect.stringContaining("2 of 2 changes") as string }),
		]);
		expect(lastLine(run.stdout).proposals[0].outcome).toMatchObject({ kind: "applied" });
	});

	it("--approve all still writes nothing the checks refuse: a verified note, a private one", async () => {
		writeFileSync(join(vault, "Notes", "Checked.md"), "---\nverified: true\n---\nAs published.\n");
		fake().enqueue(
			toolUseReply("note_edit", {
				path: "Notes/Checked.md",
				edits: [{ find: "As published.", replace: "x" }],
				reason: "r",
			}),
			toolUseReply("note_edit", { path: "Private/Health.md", edits: [{ find: "a", replace: "b" }], reason: "r" }),
			textReply("I could not."),
		);
		const health = readFileSync(join(vault, "Private", "Health.md"), "utf8");
		const run = await runChat(["Rewrite those", "--approve", "all"]);
		expect(run.code).toBe(0);
		expect(lastLine(run.stdout).proposals).toEqual([]);
		expect(readFileSync(join(vault, "Notes", "Checked.md"), "utf8")).toBe("---\nverified: true\n---\nAs published.\n");
		expect(readFileSync(join(vault, "Private", "Health.md"), "utf8")).toBe(health);
	});

	// Ctrl-C stops the whole run: a change proposed before it is not written after it, approved beforehand or not.
	it("applies the proposals only with --approve all, and not after the turn was stopped", () => {
		expect(appliesProposals("all", "end_turn")).toBe(true);
		expect(appliesProposals("all", "error")).toBe(true);
		expect(appliesProposals("all", "aborted")).toBe(false);
		expect(appliesProposals("none", "end_turn")).toBe(false);
	});

	it("refuses an --approve it does not know, before any request", async () => {
		const run = await runChat(["Hi", "--approve", "some"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("--approve is none or all, not some.");
		expect(fake().messageBodies).toHaveLength(0);
	});
});
