import { sha256Hex } from "../../../src/core/audit/hash";
import { parseAuditLog } from "../../../src/core/audit/parse";
import { applyProposal, proposeEdits, type ApplyDeps, type EditProposal } from "../../../src/core/edits";
import { undoWrite } from "../../../src/core/memory/undoWrite";
import { writeToolsOver, type WriteToolVault } from "../agent/tools/writeToolFixture";

const ATLAS = "# Atlas\n\nThe project starts in May.\nIt has two goals.\n";

const FILES: Record<string, string> = {
	"Projects/Atlas.md": ATLAS,
	"Papers/Checked.md": "---\nverified: true\n---\nAbstract as published.\n",
	"soul.md": "# Soul\n\nWarm and brief.\n",
	"memory.md": "# Long-term memory\n\n- Prefers tea.\n",
	"memory/daily/2026-03-15.md": "# 2026-03-15\n\n## Log\n- 09:00 A line.\n",
	"Private/diary.md": "# Diary\n\nA secret line.\n",
	// Daily memory in another case: the same folder on most disks.
	"Memory/Daily/2026-03-14.md": "# 2026-03-14\n",
};

let vault: WriteToolVault;
let deps: ApplyDeps;
beforeEach(async () => {
	vault = await writeToolsOver(FILES, { excludedFolders: ["Private"] });
	deps = vault.deps;
});

/** A proposal made the way the tool makes it, of the note as it is now. */
async function proposal(path: string, edits: { find: string; replace: string }[]): Promise<EditProposal> {
	const proposed = proposeEdits(await vault.vault.read(path), { edits }, { path, reason: "Fix the dates" });
	if (proposed.kind !== "proposed") throw new Error(`refused: ${proposed.refusal}`);
	return proposed.proposal;
}

const TWO = [
	{ find: "starts in May", replace: "starts in June" },
	{ find: "two goals", replace: "three goals" },
];

describe("applyProposal", () => {
	it("writes exactly the accepted hunks, once, audited as an approved edit, and can be undone", async () => {
		const fix = await proposal("Projects/Atlas.md", TWO);
		const outcome = await applyProposal(deps, fix, new Set([1]));
		const edited = ATLAS.replace("two goals", "three goals");
		expect(await vault.vault.read("Projects/Atlas.md")).toBe(edited);
		expect(outcome).toMatchObject({ kind: "applied", path: "Projects/Atlas.md", hunks: 1, undo: { before: ATLAS } });
		expect(vault.records()).toEqual([
			expect.objectContaining({
				actor: "assistant",
				action: "edit",
				path: "Projects/Atlas.md",
				sha256Before: sha256Hex(ATLAS),
				sha256After: sha256Hex(edited),
				reason: "Approved by the user (1 of 2 changes): Fix the dates",
			}),
		]);
		// The same proposal again: the note is no longer its base.
		expect(await applyProposal(deps, fix, new Set([0]))).toEqual({ kind: "stale", path: "Projects/Atlas.md" });
		if (outcome.kind !== "applied") throw new Error("expected applied");
		expect(await undoWrite(outcome.undo, deps, "user")).toMatchObject({ kind: "restored" });
		expect(await vault.vault.read("Projects/Atlas.md")).toBe(ATLAS);
	});

	it("writes nothing when no hunk is accepted", async () => {
		const fix = await proposal("Projects/Atlas.md", TWO);
		expect(await applyProposal(deps, fix, new Set())).toEqual({ kind: "nothing-accepted", path: "Projects/Atlas.md" });
		expect(await applyProposal(deps, fix, new Set([7]))).toEqual({
			kind: "nothing-accepted",
			path: "Projects/Atlas.md",
		});
		expect(vault.log.text).toBe("");
	});

	it("refuses a proposal the note changed since (the user typed a word), writing and logging nothing", async () => {
		const fix = await proposal("Projects/Atlas.md", TWO);
		await vault.vault.process("Projects/Atlas.md", (text) => `${text}A line of the user's.\n`);
		expect(await applyProposal(deps, fix, new Set([0, 1]))).toEqual({ kind: "stale", path: "Projects/Atlas.md" });
		expect(await vault.vault.read("Projects/Atlas.md")).toBe(`${ATLAS}A line of the user's.\n`);
		expect(vault.log.text).toBe("");
	});

	it("refuses when the note changes between its check and the atomic write, which compares the hash again", async () => {
		const fix = await proposal("Projects/Atlas.md", TWO);
		const process = vault.vault.process.bind(vault.vault);
		vault.vault.process = async (path, transform) => {
			await process(path, (text) => `${text}Typed meanwhile.\n`);
			return process(path, transform);
		};
		expect(await applyProposal(deps, fix, new Set([0]))).toEqual({ kind: "stale", path: "Projects/Atlas.md" });
		expect(await vault.vault.read("Projects/Atlas.md")).toBe(`${ATLAS}Typed meanwhile.\n`);
		expect(vault.records()).toEqual([]);
	});

	it("judges the note again: one marked verified or private since is refused", async () => {
		const fix = await proposal("Projects/Atlas.md", TWO);
		await vault.vault.process("Projects/Atlas.md", (text) => `---\nverified: yes\n---\n${text}`);
		const verified = { ...fix, baseHash: sha256Hex(await vault.vault.read("Projects/Atlas.md")) };
		expect(await applyProposal(deps, verified, new Set([0]))).toEqual({
			kind: "refused",
			path: "Projects/Atlas.md",
			refusal: "verified",
		});
		await vault.vault.process("Projects/Atlas.md", () => `---\nassistant: private\n---\n${ATLAS}`);
		expect(await applyProposal(deps, fix, new Set([0]))).toMatchObject({ kind: "refused", refusal: "missing" });
		expect(vault.records()).toEqual([]);
	});

	it("refuses proposals made up for notes the assistant may not change, however the path is spelled", async () => {
		const forged = (path: string, text: string): EditProposal => ({
			path,
			reason: "forged",
			baseHash: sha256Hex(text),
			hunks: [{ id: 0, start: 0, end: 1, before: text[0], after: "X", line: 1 }],
		});
		const cases: [string, string, string][] = [
			["Papers/Checked.md", FILES["Papers/Checked.md"], "verified"],
			["soul.md", FILES["soul.md"], "identity"],
			["SOUL.md", FILES["soul.md"], "missing"],
			["./soul.md", FILES["soul.md"], "identity"],
			["Projects/../soul.md", FILES["soul.md"], "hidden"],
			["Memory/Daily/2026-03-14.md", FILES["Memory/Daily/2026-03-14.md"], "not-editable"],
			["memory.md", FILES["memory.md"], "not-editable"],
			["memory/daily/2026-03-15.md", FILES["memory/daily/2026-03-15.md"], "not-editable"],
			["Private/diary.md", FILES["Private/diary.md"], "hidden"],
			["private/diary.md", FILES["Private/diary.md"], "hidden"],
			["../outside.md", "x", "hidden"],
			["chats/2026-03-15 Chat.md", "x", "hidden"],
		];
		for (const [path, text, refusal] of cases) {
			expect([path, await applyProposal(deps, forged(path, text), new Set([0]))]).toEqual([
				path,
				expect.objectContaining({ kind: "refused", refusal }),
			]);
		}
		expect(vault.log.text).toBe("");
		expect(await vault.snapshot()).toEqual(FILES);
	});

	it("refuses a forged hunk that would write into the properties or does not fit the note", async () => {
		const text = FILES["Papers/Checked.md"].replace("verified: true", "verified: false");
		await vault.vault.process("Papers/Checked.md", () => text);
		const base = { path: "Papers/Checked.md", reason: "forged", baseHash: sha256Hex(text) };
		const start = text.indexOf("false");
		const intoProperties = {
			...base,
			hunks: [{ id: 0, start, end: start + 5, before: "false", after: "true", line: 2 }],
		};
		expect(await applyProposal(deps, intoProperties, new Set([0]))).toMatchObject({ refusal: "not-editable" });
		const misplaced = { ...base, hunks: [{ id: 0, start: 0, end: 3, before: "abc", after: "x", line: 1 }] };
		expect(await applyProposal(deps, misplaced, new Set([0]))).toMatchObject({ kind: "stale" });
		expect(vault.records()).toEqual([]);
	});

	it("refuses, rather than fails, when the view will not read the note (its properties changed since the metadata was read)", async () => {
		const fix = await proposal("Projects/Atlas.md", TWO);
		const unread = new Proxy(deps.vault, {
			get: (target, key, receiver) =>
				key === "read" ? () => Promise.reject(new Error("File not found")) : Reflect.get(target, key, receiver),
		});
		expect(await applyProposal({ ...deps, vault: unread }, fix, new Set([0]))).toEqual({
			kind: "refused",
			path: "Projects/Atlas.md",
			refusal: "hidden",
		});
		expect(vault.log.text).toBe("");
	});

	it("refuses a note whose bytes are not UTF-8 text", async () => {
		const latin1 = Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x0a]);
		vault = await writeToolsOver({ "Notes/cafe.md": latin1 });
		const text = await vault.vault.read("Notes/cafe.md");
		const forged: EditProposal = {
			path: "Notes/cafe.md",
			reason: "forged",
			baseHash: sha256Hex(text),
			hunks: [{ id: 0, start: 0, end: 3, before: "Caf", after: "Tea", line: 1 }],
		};
		expect(await applyProposal(vault.deps, forged, new Set([0]))).toMatchObject({ refusal: "not-editable" });
		expect(await vault.vault.readBinary("Notes/cafe.md")).toEqual(latin1);
	});

	it("keeps a change for a selection inside it", async () => {
		const fix = await proposal("Projects/Atlas.md", TWO);
		const scoped = { ...fix, scope: { path: "Projects/Atlas.md", from: 0, to: ATLAS.indexOf("It has") } };
		expect(await applyProposal(deps, scoped, new Set([1]))).toMatchObject({ refusal: "outside-scope" });
		expect(await applyProposal(deps, scoped, new Set([0]))).toMatchObject({ kind: "applied" });
	});
});

describe("the audit trail", () => {
	it("reads old trails and approved edits alike", () => {
		const old = {
			time: "2026-03-15T12:00:00.000Z",
			actor: "assistant",
			action: "restore",
			path: "a.md",
			bytes: 1,
			sha256Before: sha256Hex("a"),
			sha256After: sha256Hex("b"),
			reason: "undo",
		};
		const text = `${JSON.stringify(old)}\n${JSON.stringify({ ...old, action: "edit" })}\n`;
		expect(parseAuditLog(text)).toMatchObject({ records: [old, { ...old, action: "edit" }], corruptLines: 0 });
	});
});
