/**
 * What the model learns by asking for a path. A note hidden by what it says about itself (its
 * `assistant: private` flag, an excluded tag, properties that do not parse) is one the model
 * should not even learn exists: the view itself promises that why a note is hidden is for the
 * user's messages, never for a model. A path rule (a private folder, the configuration folder)
 * is judged before any file is looked up, so its refusal tells nothing about a file.
 */
import { toolsOver } from "../core/agent/tools/toolFixture";

const FILES = {
	"Diary/2026-11-20.md": "---\nassistant: private\n---\nSECRET-flag\n",
	"Diary/2026-11-21.md": "---\ntags: [health]\n---\nSECRET-tag\n",
	"Notes/open.md": "# Open\n",
};

describe("asking for a hidden note by its path", () => {
	// Were it refused as "Access denied: private" while a missing note is "no note at", the model
	// could probe which dated notes exist and which carry a private tag.
	it("tells the model no more than it tells for a note that does not exist", async () => {
		const tools = await toolsOver(FILES, { excludedTags: ["health"] });
		const missing = (await tools.run("memory_get", { path: "Diary/2026-11-22.md" })).text.replace("2026-11-22", "DATE");
		for (const date of ["2026-11-20", "2026-11-21"]) {
			expect((await tools.run("memory_get", { path: `Diary/${date}.md` })).text.replace(date, "DATE")).toBe(missing);
		}
	});
});
