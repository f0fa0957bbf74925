/**
 * An approved edit may take out a whole note: a model told by a planted note to "tidy up" proposes
 * replacing 37,600 characters with nothing, and an approval given to a card or to `--approve all`
 * without reading every line would write it. Changes that take out most of a note are written only
 * after a second confirmation on the card; `--approve all`, which confirms nothing, never writes
 * them, and says so, while the run's other changes are applied.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { textReply, toolUseReply, useFakeAnthropic } from "../harness/fakeAnthropic";
import { copyOfExampleVault, spawnCli } from "../scripts/runCli";

jest.setTimeout(60_000);

const fake = useFakeAnthropic();

/** 376 distinct lines of 100 characters: a note of 37,600. */
const LINES = Array.from({ length: 376 }, (_, index) => `Line ${String(index).padStart(3, "0")} ${"x".repeat(90)}\n`);

let vault: string;
beforeEach(() => {
	vault = copyOfExampleVault();
});
afterEach(() => rmSync(vault, { recursive: true, force: true }));

describe("chat --approve all and a change that takes out most of a note", () => {
	it("writes none of it, says so, and applies the run's other changes", async () => {
		const long = LINES.join("");
		writeFileSync(join(vault, "Notes", "Field log.md"), long);
		// Two edits of half the note each: one may find at most 20,000 characters.
		const halves = [LINES.slice(0, 188).join(""), LINES.slice(188).join("")];
		fake().enqueue(
			toolUseReply("note_edit", {
				path: "Notes/Field log.md",
				edits: halves.map((half) => ({ find: half, replace: "" })),
				reason: "Tidy up",
			}),
			toolUseReply("note_edit", {
				path: "Projects/Thesis - sleep and memory.md",
				edits: [{ find: "- [ ] Book the sleep lab for January", replace: "- [x] Book the sleep lab for January" }],
				reason: "The lab is booked",
			}),
			textReply("Done."),
		);
		const thesis = readFileSync(join(vault, "Projects", "Thesis - sleep and memory.md"), "utf8");
		const run = await spawnCli(
			["chat", "Tidy my notes", "--vault", vault, "--base-url", fake().baseURL, "--approve", "all", "--json"],
			{ ANTHROPIC_API_KEY: "test" },
		);
		expect(run.code).toBe(0);
		expect(readFileSync(join(vault, "Notes", "Field log.md"), "utf8")).toBe(long);
		expect(run.stderr).toContain("Not applied to Notes/Field log.md: it removes 37600 of the note's 37600 characters");
		expect(readFileSync(join(vault, "Projects", "Thesis - sleep and memory.md"), "utf8")).toBe(
			thesis.replace("- [ ] Book the sleep lab", "- [x] Book the sleep lab"),
		);
		const summary = JSON.parse(run.stdout.trimEnd().split("\n").pop() ?? "") as {
			proposals: { outcome: { kind: string } | null }[];
		};
		expect(summary.proposals.map((each) => each.outcome?.kind)).toEqual(["large-removal", "applied"]);
	});
});
