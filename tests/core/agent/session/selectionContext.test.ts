import { OFFERED_TOOLS } from "../../../../src/core/agent/session";
import { toolsOver } from "../tools/toolFixture";
import { sessionPrepareRequest } from "../../../harness/sessionRequest";

const ATLAS = "# Atlas\n\nFirst line.\nSecond line.\nThird line.\n";
const SECRET = "okapi7731";

async function systemFor(
	selection: { path: string; from: number; to: number; text: string },
	tools = OFFERED_TOOLS,
): Promise<string> {
	const { deps } = await toolsOver(
		{
			"Projects/Atlas.md": ATLAS,
			"Private/diary.md": `# Diary\n${SECRET}\n`,
			"Notes/flagged.md": `---\nassistant: private\n---\n${SECRET}\n`,
		},
		{ excludedFolders: ["Private"] },
	);
	const request = await sessionPrepareRequest(deps, tools, { selection })([], "Make this shorter");
	return request.system.map((block) => block.text).join("\n");
}

describe("a message sent with a selection", () => {
	it("shows the model the selected text, its note and lines, and that a proposed change must stay inside it", async () => {
		const from = ATLAS.indexOf("First");
		const text = "First line.\nSecond line.";
		const system = await systemFor({ path: "Projects/Atlas.md", from, to: from + text.length, text });
		expect(system).toContain('<selection path="Projects/Atlas.md">');
		expect(system).toContain("in [[Atlas]], lines 3-4");
		expect(system).toContain(`<selected-text>\n${text}\n</selected-text>`);
		expect(system).toContain("A change you propose with note_edit in this message may change only this selected text");
		// A model offered no tools is not told of a tool it cannot call.
		const withoutTools = await systemFor({ path: "Projects/Atlas.md", from, to: from + text.length, text }, []);
		expect(/<selection[\s\S]*<\/selection>/.exec(withoutTools)?.[0]).not.toContain("note_edit");
	});

	it("shows nothing of a selection in a note the privacy rules hide", async () => {
		for (const path of ["Private/diary.md", "Notes/flagged.md"]) {
			const system = await systemFor({ path, from: 0, to: 9, text: SECRET });
			expect(system).not.toContain("<selection");
			expect(system).not.toContain(SECRET);
		}
	});
});
