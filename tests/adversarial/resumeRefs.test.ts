/**
 * Resuming from a checkpoint puts its references into the model's context. A checkpoint outlives
 * the rules it was saved under: a note it names may have been made private since (or the user
 * named one in the checkpoint they completed), and its name must not reach the model then.
 */
import { sessionPrepareRequest } from "../harness/sessionRequest";
import { toolsOver } from "../core/agent/tools/toolFixture";

describe("the checkpoint a chat resumes from", () => {
	it("names no note hidden now, in its references or its text, and keeps the rest", async () => {
		const { deps } = await toolsOver(
			{ "Projects/Plan.md": "# Plan\n", "Private/Salary talks.md": "# Salary\n" },
			{ excludedFolders: ["Private"] },
		);
		const resume = {
			savedAt: "2026-03-14T18:00:00Z",
			doing: "Drafting the plan.",
			nextAction: "Write the budget, see [[Private/Salary talks#Numbers|the numbers]].",
			notes: "Asked about [[Salary talks]] and [[Projects/Plan]].",
			refs: [
				"[[Projects/Plan]]",
				"[[Private/Salary talks]]",
				"Private/Salary talks.md",
				"[[salary TALKS|the talks]]",
				"https://example.org/paper",
				"[[Not written yet]]",
			],
		};
		const request = await sessionPrepareRequest(deps, [], { resume })([], "Let's go on.");
		const system = request.system.map((block) => block.text).join("\n");
		expect(system).toContain("Drafting the plan.");
		expect(system).toContain("Projects/Plan");
		expect(system).toContain("https://example.org/paper");
		expect(system).toContain("[[Not written yet]]");
		expect(system).toContain("Asked about [a note that is private now] and [[Projects/Plan]].");
		expect(system).not.toMatch(/salary|the talks/i);
	});
});
