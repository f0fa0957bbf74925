import { ASSISTANT_TOOLS, MEMORY_TOOLS, runTool, WRITE_TOOLS } from "../../../../src/core/agent/tools";
import { sha256Hex } from "../../../../src/core/audit/hash";
import { templatesFor } from "../../../../src/core/workspace/templates";
import { writeToolsOver } from "./writeToolFixture";

const { soul, user, rules } = templatesFor("en");

/** The user's vault: identity files, long-term memory, today's daily memory and notes of their own. */
const USER_FILES: Record<string, string> = {
	"soul.md": soul,
	"user.md": user,
	"claude.md": rules,
	"memory.md": "# Long-term memory\n\n- Prefers tea.\n",
	"memory/daily/2026-03-15.md":
		"# 2026-03-15\n\n## Log\n- 09:00 The user's own line.\n\n## Candidate long-term memory\n",
	"Papers/Verified.md":
		"---\nverified: true\ndoi: 10.1/x\n---\n# Paper\n\nAbstract as published.\n\n> [!note] The user's callout\n> their words\n",
	"Notes/Plain.md": "Just text, no final line break",
	"Inbox/2026-03-15 Idea.md": "The user's idea.",
};

/** Whether `after` holds every character of `before`, in order: text was only added. */
function keepsAll(before: string, after: string): boolean {
	let matched = 0;
	for (let i = 0; i < after.length && matched < before.length; i++) if (after[i] === before[matched]) matched++;
	return matched === before.length;
}

/** Calls that try to make each tool remove or replace the user's text. */
const ATTEMPTS: readonly (readonly [string, unknown])[] = [
	["memory_append", { target: "longterm", text: "# Long-term memory\n\n- Prefers coffee." }],
	["memory_append", { target: "daily", text: "- 09:00 The user's own line, corrected." }],
	["capture_note", { title: "Idea", text: "Overwritten idea." }],
	["capture_note", { title: "../Notes/Plain", text: "Overwritten." }],
	["capture_note", { title: "idea", text: "Overwritten, in another case." }],
	["checkpoint", { doing: "Rewriting the log", next_action: "Delete the old entries" }],
	["identity_update", { file: "soul", text: "## Personality\n\n- Loud.", reason: "test", section: "Personality" }],
	["identity_update", { file: "user", text: "", reason: "empty" }],
	["identity_update", { file: "claude", text: "- No rules.", reason: "test", section: "Safety" }],
	["note_annotate", { path: "Papers/Verified.md", text: "---\nverified: false\n---" }],
	["note_annotate", { path: "Papers/Verified.md", text: "Replaces nothing of the user's." }],
	["note_annotate", { path: "Notes/Plain.md", text: "Beside the user's text." }],
	["note_annotate", { path: "memory.md", text: "x" }],
	["note_annotate", { path: "../Notes/Plain.md", text: "x" }],
	["note_annotate", { path: ".obsidian/workspace.md", text: "x" }],
	["memory_append", { target: "longterm", text: "x", path: "Notes/Plain.md" }],
	["note_edit", { path: "Notes/Plain.md", edits: [{ find: "Just text", replace: "" }], reason: "shorter" }],
	["note_edit", { path: "Papers/Verified.md", section: "Paper", text: "Rewritten.", reason: "test" }],
	["note_edit", { path: "memory.md", edits: [{ find: "- Prefers tea.", replace: "" }], reason: "test" }],
];

describe("the tools that write", () => {
	it("are offered to the chat with the read tools, each described with a schema", () => {
		expect([...ASSISTANT_TOOLS.keys()]).toEqual([
			"memory_search",
			"memory_get",
			"memory_recent",
			"memory_history",
			"memory_append",
			"capture_note",
			"checkpoint",
			"identity_update",
			"note_annotate",
			"note_edit",
		]);
		for (const tool of ASSISTANT_TOOLS.values()) {
			expect(tool.description.length).toBeGreaterThan(100);
			expect(tool.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
			for (const property of Object.values(tool.inputSchema.properties ?? {}))
				expect(property).toHaveProperty("description");
		}
		expect(ASSISTANT_TOOLS.get("identity_update")?.inputSchema).toMatchObject({
			required: ["file", "text", "reason"],
			properties: { file: { enum: ["soul", "user", "claude"] } },
		});
		expect(ASSISTANT_TOOLS.get("checkpoint")?.inputSchema).toMatchObject({ required: ["doing", "next_action"] });
	});

	it("cannot be run from the read-only set", async () => {
		const { deps } = await writeToolsOver({});
		for (const name of WRITE_TOOLS.keys()) {
			expect(await runTool(name, { target: "daily", text: "x" }, deps)).toMatchObject({
				isError: true,
				text: expect.stringContaining(`no tool named "${name}"`) as string,
			});
		}
		expect(MEMORY_TOOLS.has("memory_append")).toBe(false);
	});

	it("never remove or rewrite the user's text, whatever they are asked", async () => {
		const { run, snapshot } = await writeToolsOver(USER_FILES);
		for (const [name, input] of ATTEMPTS) await run(name, input);
		const after = await snapshot();
		for (const [path, before] of Object.entries(USER_FILES)) {
			expect([path, keepsAll(before, after[path])]).toEqual([path, true]);
		}
		// The verified note's frontmatter and text are its exact prefix.
		expect(after["Papers/Verified.md"].startsWith(USER_FILES["Papers/Verified.md"])).toBe(true);
		expect(after["memory.md"].startsWith(USER_FILES["memory.md"])).toBe(true);
		expect(after["Inbox/2026-03-15 Idea.md"]).toBe("The user's idea.");
	});

	it("record every write in the audit trail, with the hashes of the file as it is", async () => {
		const { run, snapshot, records } = await writeToolsOver(USER_FILES);
		const before = await snapshot();
		for (const [name, input] of ATTEMPTS) await run(name, input);
		const after = await snapshot();
		const changed = Object.keys(after).filter((path) => before[path] !== after[path]);
		expect(changed.length).toBeGreaterThan(5);
		for (const path of changed) {
			const written = records().filter((record) => record.path === path);
			expect([path, written.length > 0]).toEqual([path, true]);
			expect(written[written.length - 1].sha256After).toBe(sha256Hex(after[path]));
			expect(written[0].sha256Before).toBe(path in before ? sha256Hex(before[path]) : null);
		}
		expect(records().every((record) => record.actor === "assistant")).toBe(true);
		expect(new Set(records().map((record) => record.path))).toEqual(new Set(changed));
	});

	it("never throw: bad arguments and a failing vault come back as error results", async () => {
		const { deps } = await writeToolsOver(USER_FILES);
		for (const name of WRITE_TOOLS.keys()) {
			for (const input of [null, undefined, 42, [], "text", {}]) {
				await expect(runTool(name, input, deps, ASSISTANT_TOOLS)).resolves.toMatchObject({ isError: true });
			}
		}
		const failing = {
			...deps,
			vault: Object.assign(Object.create(deps.vault) as typeof deps.vault, {
				read: () => Promise.reject(new Error("disk unplugged")),
			}),
		};
		expect(
			await runTool("identity_update", { file: "soul", text: "- x", reason: "y" }, failing, ASSISTANT_TOOLS),
		).toEqual({
			isError: true,
			text: "Error: identity_update failed: disk unplugged",
		});
	});
});
