/**
 * What the model learns by asking for a path. A note hidden by what it says about itself (its
 * `assistant: private` flag, an excluded tag, properties that do not parse) is one the model
 * should not even learn exists: the view itself promises that why a note is hidden is for the
 * user's messages, never for a model. A path rule (a private folder, the configuration folder)
 * is judged before any file is looked up, so its refusal tells nothing about a file.
 */
import { toolsOver } from "../core/agent/tools/toolFixture";
import { writeToolsOver } from "../core/agent/tools/writeToolFixture";
import { connect, textOf } from "../headless/mcp/mcpVault";
import { TempVault } from "../headless/tempVault";
import { defaultPluginData } from "../../src/core/workspace/data/pluginData";

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

/**
 * A path in a folder the user keeps private: were it refused ("the folder is marked private"),
 * the model, or an MCP client, would learn from a guess which folders the user hides, and by
 * asking below them which exist. It is answered as the same path in a folder nobody has.
 */
describe("asking for a path in a private folder", () => {
	const PRIVATE_FILES = {
		"Journal/2026-11-20.md": "# A day\nSECRET-folder\n",
		"Journal/Therapy/session.md": "# Session\nSECRET-folder\n",
		"Notes/open.md": "# Open\nA diary of the garden. [[Journal/2026-11-20]]\n",
	};
	/** Inside the private folder: a note, a subfolder, the folder, and names that exist nowhere. */
	const GUESSES = [
		"Journal/2026-11-20.md",
		"Journal/2026-11-20",
		"Journal/absent.md",
		"Journal/Therapy",
		"Journal/Therapy/session.md",
		"Journal/Nowhere/x.md",
		"Journal",
		"journal/2026-11-20.md",
		"./Journal/2026-11-20.md",
	];
	/** The same guess in a folder that does not exist, spelled as the guess spells the private one. */
	const elsewhere = (text: string) => text.replace(/journal/gi, (name) => (name === "journal" ? "nowhere" : "Nowhere"));

	/** Every tool that takes a path or a folder, with that path. */
	const CALLS: readonly [string, (path: string) => Record<string, unknown>][] = [
		["memory_get", (path) => ({ path })],
		["memory_get", (path) => ({ path: `[[${path}]]` })],
		["memory_search", (folder) => ({ query: "diary", folder })],
		["note_annotate", (path) => ({ path, text: "A remark." })],
		["note_edit", (path) => ({ path, edits: [{ find: "day", replace: "night" }], reason: "Fix it" })],
	];

	it("answers every tool of the chat exactly as for a folder that does not exist", async () => {
		const tools = await writeToolsOver(PRIVATE_FILES, { excludedFolders: ["Journal"] });
		for (const [name, args] of CALLS) {
			for (const guess of GUESSES) {
				const answer = await tools.run(name, args(guess));
				const missing = await tools.run(name, args(elsewhere(guess)));
				expect({ name, guess, text: elsewhere(answer.text), isError: answer.isError }).toEqual({
					name,
					guess,
					text: missing.text,
					isError: missing.isError,
				});
				expect(answer.text).not.toContain("private");
			}
		}
		expect(tools.log.text).toBe("");
	});

	it("answers an MCP client exactly as for a folder that does not exist", async () => {
		const vault = new TempVault();
		for (const [path, text] of Object.entries(PRIVATE_FILES)) vault.put(path, text);
		const data = defaultPluginData();
		vault.put(
			".obsidian/plugins/assistant-workspace/data.json",
			JSON.stringify({ ...data, settings: { ...data.settings, excludedFolders: ["Journal"] } }),
		);
		const connected = await connect(vault, { allowWrites: true });
		try {
			for (const [name, args] of CALLS.filter(([name]) => name !== "note_edit")) {
				for (const guess of GUESSES) {
					const answer = await connected.client.callTool({ name, arguments: args(guess) });
					const missing = await connected.client.callTool({ name, arguments: args(elsewhere(guess)) });
					expect({
						name,
						guess,
						text: elsewhere(textOf(answer)),
						isError: answer.isError,
					}).toEqual({
						name,
						guess,
						text: textOf(missing),
						isError: missing.isError,
					});
				}
			}
		} finally {
			await connected.close();
			vault.remove();
		}
	});
});
