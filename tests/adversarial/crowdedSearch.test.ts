/**
 * A question about the user's notes leaves the assistant's own files (identity files, daily and
 * weekly memory) out of the results. They are left out after the index ranks, from a few more
 * hits than asked for: a topic the assistant wrote about every day for a month, more often than
 * the user's one note on it, must not crowd that note out of the answer.
 */
import { runTool } from "../../src/core/agent/tools";
import { toolsOver } from "../core/agent/tools/toolFixture";

describe("a search about the user's notes, when daily memory talks of the same thing", () => {
	it("still finds the user's note", async () => {
		const files: Record<string, string> = {
			"Projects/Field work.md": `# Field work\n\n${"We walked the savanna and counted birds, trees and rivers.\n".repeat(40)}A zebra has stripes.\n`,
		};
		for (let day = 1; day <= 60; day++) {
			const date = `2026-0${day <= 31 ? 1 : 2}-${String(((day - 1) % 28) + 1).padStart(2, "0")}`;
			files[`memory/daily/${date}.md`] =
				`# ${date}\n\n## Log\n- Worked on the zebra stripes with the user: zebra, zebra stripes, zebra.\n`;
		}
		const { deps } = await toolsOver(files, {}, "2026-03-01T12:00:00Z");
		// As the offline chat searches: the assistant's own files only when the question is about them.
		const { text } = await runTool(
			"memory_search",
			{ query: "zebra stripes" },
			{ ...deps, assistantFilesInSearch: "when-asked" },
		);
		expect(text).toContain("Projects/Field work.md");
	});
});
