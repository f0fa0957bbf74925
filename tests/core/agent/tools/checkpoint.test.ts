import { defaultState, stateSchema } from "../../../../src/core/workspace/data/state";
import { writeToolsOver } from "./writeToolFixture";

describe("checkpoint", () => {
	it("saves under ## Checkpoint in today's daily memory and hands the plugin the state for the resume banner", async () => {
		const { run, vault, records } = await writeToolsOver({
			"memory/daily/2026-03-15.md": "# 2026-03-15\n\n## Log\n- 09:00 Started.\n\n## Candidate long-term memory\n",
		});
		const result = await run("checkpoint", {
			doing: "Drafting the methods section",
			next_action: "Check the sample size with Dr. Lee",
			notes: "Chose the 2020 data.\nOpen: weighting.",
			refs: ["[[Paper A]]", "https://doi.org/10.1000/xyz"],
		});
		expect(result).toEqual({
			isError: false,
			text: "Checkpoint saved in today's daily memory (memory/daily/2026-03-15.md, under Checkpoint); the next chat opens with it.",
			locations: [{ path: "memory/daily/2026-03-15.md" }],
			display: {
				kind: "checkpoint",
				path: "memory/daily/2026-03-15.md",
				checkpoint: {
					savedAt: "2026-03-15T12:00:00+00:00",
					doing: "Drafting the methods section",
					nextAction: "Check the sample size with Dr. Lee",
					// Kept for Resume, which puts them into the next chat's context.
					notes: "Chose the 2020 data.\nOpen: weighting.",
					refs: ["[[Paper A]]", "https://doi.org/10.1000/xyz"],
				},
			},
		});
		expect(await vault.read("memory/daily/2026-03-15.md")).toBe(
			[
				"# 2026-03-15",
				"",
				"## Log",
				"- 09:00 Started.",
				"",
				"## Candidate long-term memory",
				"",
				"## Checkpoint",
				"- 12:00 Doing: Drafting the methods section",
				"  Next: Check the sample size with Dr. Lee",
				"  Notes: Chose the 2020 data.",
				"  Open: weighting.",
				"  Refs: [[Paper A]], https://doi.org/10.1000/xyz",
				"",
			].join("\n"),
		);
		expect(records()).toMatchObject([{ actor: "assistant", action: "process", reason: "checkpoint" }]);
	});

	it("keeps every checkpoint of the day, in order, and its state is what the plugin's state accepts", async () => {
		const { run, vault } = await writeToolsOver({});
		await run("checkpoint", { doing: "A", next_action: "B" });
		const second = await run("checkpoint", { doing: "C", next_action: "D" });
		const daily = await vault.read("memory/daily/2026-03-15.md");
		expect(daily).toContain("## Checkpoint\n- 12:00 Doing: A\n  Next: B\n- 12:00 Doing: C\n  Next: D\n");
		const checkpoint = second.display?.kind === "checkpoint" ? second.display.checkpoint : null;
		expect(
			stateSchema.safeParse({ ...defaultState(), onboardingComplete: true, lastCheckpoint: checkpoint }).success,
		).toBe(true);
	});

	it("refuses a checkpoint without a next action", async () => {
		const { run, vault } = await writeToolsOver({});
		expect(await run("checkpoint", { doing: "A" })).toMatchObject({
			isError: true,
			text: expect.stringContaining("next_action: missing") as string,
		});
		expect(vault.listFiles()).toEqual([]);
	});
});
