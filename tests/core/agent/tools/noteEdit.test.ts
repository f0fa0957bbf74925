import { sha256Hex } from "../../../../src/core/audit/hash";
import { ASSISTANT_TOOLS, runTool, type EditProposalDisplay } from "../../../../src/core/agent/tools";
import { writeToolsOver, type WriteToolVault } from "./writeToolFixture";

const ATLAS =
	"# Atlas\n\nThe project starts in May.\nIt has two goals.\n\n## Goals\n\n- Ship the map.\n- Teach the team.\n";
const SECRET = "okapi7731";

const FILES: Record<string, string> = {
	"Projects/Atlas.md": ATLAS,
	"Papers/Checked.md": "---\nverified: true\n---\nAbstract as published.\n",
	"Private/diary.md": `# Diary\n\n${SECRET}\n`,
	"Notes/flagged.md": `---\nassistant: private\n---\n${SECRET}\n`,
	"soul.md": "# Soul\n\nWarm and brief.\n",
	"memory.md": "# Long-term memory\n\n- Prefers tea.\n",
	"memory/daily/2026-03-15.md": "# 2026-03-15\n\n## Log\n- 09:00 A line.\n",
};

let vault: WriteToolVault;
beforeEach(async () => {
	vault = await writeToolsOver(FILES, { excludedFolders: ["Private"] });
});

const fix = (path: string, edits: { find: string; replace: string }[]) => ({ path, edits, reason: "Fix the dates" });

describe("note_edit", () => {
	it("proposes the changes and writes nothing: the result tells the model so, and carries the card", async () => {
		const result = await vault.run(
			"note_edit",
			fix("[[Atlas]]", [
				{ find: "starts in May", replace: "starts in June" },
				{ find: "- Teach the team.", replace: "- Teach everyone." },
			]),
		);
		expect(result.isError).toBe(false);
		expect(result.text).toContain("Proposed 2 changes to Projects/Atlas.md ([[Atlas]]), at line 3, 9.");
		expect(result.text).toContain("Nothing is written yet");
		expect(result.text).toContain("Do not say the note is changed");
		expect(result.locations).toEqual([
			{ path: "Projects/Atlas.md", line: 3 },
			{ path: "Projects/Atlas.md", line: 9 },
		]);
		const display = result.display as EditProposalDisplay;
		expect(display).toMatchObject({
			kind: "edit-proposal",
			proposal: { path: "Projects/Atlas.md", reason: "Fix the dates", baseHash: sha256Hex(ATLAS) },
		});
		expect(display.proposal.hunks.map((hunk) => [hunk.before, hunk.after])).toEqual([
			["starts in May", "starts in June"],
			["- Teach the team.", "- Teach everyone."],
		]);
		expect(await vault.snapshot()).toEqual(FILES);
		expect(vault.log.text).toBe("");
	});

	it("keeps the reason on one line, and proposes nothing for a note whose bytes are not UTF-8 text", async () => {
		const result = await vault.run("note_edit", {
			...fix("Projects/Atlas.md", [{ find: "May", replace: "June" }]),
			reason: "Fix\n+++ planted header\r\n  line",
		});
		expect((result.display as EditProposalDisplay).proposal.reason).toBe("Fix +++ planted header line");
		const latin1 = await writeToolsOver({ "Notes/cafe.md": Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x0a]) });
		const refused = await latin1.run("note_edit", fix("Notes/cafe.md", [{ find: "Caf", replace: "Tea" }]));
		expect(refused).toMatchObject({ isError: true, text: expect.stringContaining("not plain UTF-8 text") as string });
	});

	it("proposes a section's new body", async () => {
		const result = await vault.run("note_edit", {
			path: "Projects/Atlas.md",
			section: "Goals",
			text: "- Ship the map.\n- Teach everyone.",
			reason: "Broader",
		});
		expect((result.display as EditProposalDisplay).proposal.hunks).toMatchObject([
			{ before: "- Teach the team.\n", after: "- Teach everyone.\n", line: 9 },
		]);
	});

	it("refuses verified notes, identity and memory files, saying which tool to use instead", async () => {
		const refusals: [string, string][] = [
			["Papers/Checked.md", "marked `verified`"],
			["soul.md", "identity_update"],
			["memory.md", "cannot be changed by note_edit"],
			["memory/daily/2026-03-15.md", "cannot be changed by note_edit"],
		];
		for (const [path, says] of refusals) {
			const result = await vault.run("note_edit", fix(path, [{ find: "a", replace: "b" }]));
			expect([path, result.isError, result.text]).toEqual([path, true, expect.stringContaining(says)]);
		}
		expect(vault.log.text).toBe("");
	});

	it("answers a private note as a note that is not there, telling nothing of it", async () => {
		const missing = await vault.run("note_edit", fix("Notes/none.md", [{ find: SECRET, replace: "x" }]));
		const flagged = await vault.run("note_edit", fix("Notes/flagged.md", [{ find: SECRET, replace: "x" }]));
		expect(flagged).toEqual({ ...missing, text: missing.text.replace("Notes/none.md", "Notes/flagged.md") });
		for (const path of ["Private/diary.md", "private/diary.md", "./Private/diary.md", "Projects/../Private/diary.md"]) {
			const result = await vault.run("note_edit", fix(path, [{ find: SECRET, replace: "x" }]));
			expect([path, result.isError]).toEqual([path, true]);
			expect(result.text).not.toContain(SECRET);
			expect(result.display).toBeUndefined();
		}
	});

	it("names the edit whose find is absent or ambiguous, so the model can correct it", async () => {
		const absent = await vault.run(
			"note_edit",
			fix("Projects/Atlas.md", [
				{ find: "two goals", replace: "three goals" },
				{ find: "starts in april", replace: "x" },
			]),
		);
		expect(absent).toMatchObject({
			isError: true,
			text: expect.stringMatching(/^Error: edit 2: its find text is not in/) as string,
		});
		const ambiguous = await vault.run("note_edit", fix("Projects/Atlas.md", [{ find: "the ", replace: "a " }]));
		expect(ambiguous.text).toMatch(/^Error: edit 1: its find text occurs more than once/);
		const properties = await vault.run("note_edit", {
			path: "Papers/Checked.md",
			edits: [{ find: "x", replace: "y" }],
			reason: "r",
		});
		expect(properties.isError).toBe(true);
	});

	it("takes one form or the other, and bounds the size of a change", async () => {
		const both = await vault.run("note_edit", {
			path: "Projects/Atlas.md",
			edits: [{ find: "May", replace: "June" }],
			section: "Goals",
			text: "x",
			reason: "r",
		});
		expect(both.text).toContain("give either edits, or section and text");
		const neither = await vault.run("note_edit", { path: "Projects/Atlas.md", reason: "r" });
		expect(neither.text).toContain("give either edits, or section and text");
		const huge = await vault.run("note_edit", fix("Projects/Atlas.md", [{ find: "May", replace: "x".repeat(20_001) }]));
		expect(huge.text).toContain("invalid arguments");
		const many = await vault.run(
			"note_edit",
			fix(
				"Projects/Atlas.md",
				Array.from({ length: 21 }, () => ({ find: "May", replace: "June" })),
			),
		);
		expect(many.text).toContain("invalid arguments");
	});

	it("confines a turn's proposals to the text the user selected with its message", async () => {
		const text = "- Teach the team.";
		const from = ATLAS.indexOf(text);
		const scoped = {
			...vault.deps,
			editSelection: { path: "Projects/Atlas.md", from, to: from + text.length, text },
		};
		const run = (input: unknown) => runTool("note_edit", input, scoped, ASSISTANT_TOOLS);
		const inside = await run(fix("Projects/Atlas.md", [{ find: "the ", replace: "a " }]));
		expect((inside.display as EditProposalDisplay).proposal).toMatchObject({
			scope: { path: "Projects/Atlas.md", from, to: from + text.length },
			hunks: [{ before: "the ", start: ATLAS.indexOf("the team") }],
		});
		const outside = await run(fix("Projects/Atlas.md", [{ find: "starts in May", replace: "starts in June" }]));
		expect(outside.text).toContain("only inside that selection");
		const otherNote = await run(fix("Papers/Checked.md", [{ find: "Abstract", replace: "Summary" }]));
		expect(otherNote.isError).toBe(true);
		await vault.vault.process("Projects/Atlas.md", () => "Rewritten by the user.\n");
		const lost = await run(fix("Projects/Atlas.md", [{ find: "Rewritten", replace: "Redone" }]));
		expect(lost.text).toContain("no longer found once");
	});
});
