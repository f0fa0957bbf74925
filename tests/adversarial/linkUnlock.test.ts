import { ASSISTANT_TOOLS, runTool } from "../../src/core/agent/tools";
import { writeToolsOver } from "../core/agent/tools/writeToolFixture";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/**
 * A model hijacked by text planted in a note guesses the name of a scan only a private note
 * embeds, and writes a link to it where it may write (its memory, its callout in a visible note)
 * so that a visible note links it too: the file must stay private.
 */
describe("a link the assistant writes to a private file", () => {
	const files = {
		"Journal/2026-03-01.md": "---\nassistant: private\n---\n![[passport.png]]\n",
		"Scans/passport.png": PNG,
		"memory.md": "# Memory\n",
		"Projects/Trip.md": "# Trip\n",
	};

	it("does not open it to memory_get, however the link was written", async () => {
		const { run, deps } = await writeToolsOver(files);
		const reading = { ...deps, readsAttachments: true };
		expect((await run("memory_append", { target: "longterm", text: "Passport: [[passport.png]]" })).isError).toBe(
			false,
		);
		expect((await run("note_annotate", { path: "Projects/Trip.md", text: "See ![[passport.png]]" })).isError).toBe(
			false,
		);
		expect(deps.vault.stat("Scans/passport.png")).toBeNull();
		const got = await runTool("memory_get", { path: "Scans/passport.png" }, reading, ASSISTANT_TOOLS);
		expect(got.isError).toBe(true);
		expect(got.text).not.toContain("PNG");
		expect(JSON.stringify(got)).not.toContain("iVBOR");
	});
});
