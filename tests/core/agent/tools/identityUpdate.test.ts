import type { IdentityDiffDisplay } from "../../../../src/core/agent/tools";
import { sha256Hex } from "../../../../src/core/audit/hash";
import { undoWrite } from "../../../../src/core/memory/undoWrite";
import { TURN_BUDGETS } from "../../../../src/core/agent/turnBudgets";
import { templatesFor } from "../../../../src/core/workspace/templates";
import { writeToolsOver } from "./writeToolFixture";

const { soul, user, rules } = templatesFor("en");
const identity = { "soul.md": soul, "user.md": user, "claude.md": rules };

function diffOf(display: unknown): IdentityDiffDisplay {
	expect(display).toMatchObject({ kind: "identity-diff" });
	return display as IdentityDiffDisplay;
}

describe("identity_update", () => {
	it("adds the text to the section it names, announces the diff, and audits the write with the reason", async () => {
		const { run, vault, records } = await writeToolsOver(identity);
		const result = await run("identity_update", {
			file: "user",
			text: "- Prefers short answers",
			reason: "You asked for short answers",
			section: "Preferences",
		});

		const after = await vault.read("user.md");
		expect(after).toBe(user.replace("## Preferences\n", "## Preferences\n- Prefers short answers\n"));
		expect(result.isError).toBe(false);
		expect(result.text).toBe(
			'Added to user.md under "## Preferences". The user sees the change in the chat, with an undo; say what you changed and why.',
		);
		const diff = diffOf(result.display);
		expect(diff).toMatchObject({
			file: "user",
			path: "user.md",
			reason: "You asked for short answers",
			before: user,
			after,
		});
		expect(records()).toEqual([diff.undo.record]);
		expect(diff.undo).toEqual({
			before: user,
			record: expect.objectContaining({
				actor: "assistant",
				action: "process",
				reason: "You asked for short answers",
				sha256Before: sha256Hex(user),
				sha256After: sha256Hex(after),
			}) as unknown,
		});
	});

	it("finds the section by the words of the text, in any language, and puts the text before its subsections", async () => {
		const file = "# 用户\n\n## 工作与项目\n\n- 博士论文\n\n### 旧项目\n\n- 2019 年的项目\n\n## 偏好\n";
		const { run, vault } = await writeToolsOver({ "user.md": file });
		await run("identity_update", { file: "user", text: "- 新项目：城市热岛研究", reason: "用户提到了新项目" });
		expect(await vault.read("user.md")).toBe(
			"# 用户\n\n## 工作与项目\n\n- 博士论文\n- 新项目：城市热岛研究\n\n### 旧项目\n\n- 2019 年的项目\n\n## 偏好\n",
		);
	});

	it("falls back to ## Updates at the end, made once and then added to", async () => {
		const { run, vault } = await writeToolsOver(identity);
		await run("identity_update", { file: "soul", text: "- Uses metric units", reason: "The user is in Europe" });
		await run("identity_update", { file: "soul", text: "- Says hello in Dutch", reason: "The user is Dutch" });
		expect(await vault.read("soul.md")).toBe(`${soul}\n## Updates\n- Uses metric units\n- Says hello in Dutch\n`);
	});

	it("writes to claude.md for `claude`, and to an adopted AGENTS.md when that is the rules file", async () => {
		const { run, vault } = await writeToolsOver({ "AGENTS.md": "# Rules\n\n## Safety\n\n- Never delete.\r\n" });
		const result = await run("identity_update", {
			file: "claude",
			text: "- Ask before moving notes.",
			reason: "You asked",
			section: "## Safety",
		});
		expect(result.isError).toBe(false);
		expect(await vault.read("AGENTS.md")).toBe(
			"# Rules\n\n## Safety\n\n- Never delete.\r\n- Ask before moving notes.\r\n",
		);
	});

	it("writes nothing when the file already says it, and refuses a file that does not exist", async () => {
		const { run, records } = await writeToolsOver({ "soul.md": "# Soul\n\n- Calm.\n" });
		expect(await run("identity_update", { file: "soul", text: "- Calm.", reason: "again" })).toEqual({
			isError: false,
			text: "soul.md already says this: nothing was changed.",
			locations: [{ path: "soul.md" }],
		});
		expect(await run("identity_update", { file: "user", text: "- x", reason: "y" })).toMatchObject({
			isError: true,
			text: expect.stringContaining("there is no user file") as string,
		});
		expect(records()).toEqual([]);
	});

	it("is undone byte for byte, CRLF and all, and the undo is audited", async () => {
		const crlf = user.replace(/\n/g, "\r\n");
		const { run, vault, deps, records } = await writeToolsOver({ "user.md": crlf });
		const diff = diffOf(
			(
				await run("identity_update", {
					file: "user",
					text: "- Works at night",
					reason: "Said so twice",
					section: "Preferences",
				})
			).display,
		);
		expect(await vault.read("user.md")).not.toBe(crlf);

		const undone = await undoWrite(diff.undo, deps, "user");
		expect(undone).toMatchObject({ kind: "restored", path: "user.md" });
		expect(await vault.read("user.md")).toBe(crlf);
		expect(records()).toHaveLength(2);
		expect(records()[1]).toMatchObject({
			actor: "user",
			action: "restore",
			sha256Before: sha256Hex(diff.after),
			sha256After: sha256Hex(crlf),
		});
		expect(records()[1].reason).toMatch(/^Undo the change of 2026-03-15T12:00:00.000Z: Said so twice$/);

		expect(await undoWrite(diff.undo, deps, "user")).toMatchObject({ kind: "refused", refusal: "already-undone" });
		expect(records()).toHaveLength(2);
	});

	it("refuses the undo once the user has edited the file, showing both versions and changing nothing", async () => {
		const { run, vault, deps, records } = await writeToolsOver(identity);
		const diff = diffOf(
			(await run("identity_update", { file: "user", text: "- Likes tea", reason: "Said so", section: "Preferences" }))
				.display,
		);
		await vault.process("user.md", (text) => `${text}\n- The user's own line\n`);
		const edited = await vault.read("user.md");

		const refused = await undoWrite(diff.undo, deps, "user");
		expect(refused).toEqual({
			kind: "refused",
			refusal: "changed-since",
			path: "user.md",
			message: expect.stringContaining("has changed since") as string,
			previous: user,
			current: edited,
		});
		expect(await vault.read("user.md")).toBe(edited);
		expect(records()).toHaveLength(1);
	});

	it("refuses an addition that would make the file longer than an identity file may be, 1 MB or a last 1,500 characters, and changes nothing", async () => {
		const cap = TURN_BUDGETS.identityFileChars;
		const full = `${soul}\n${"- A long-held habit of the assistant.\n".repeat(Math.floor((cap - soul.length - 1000) / 38))}`;
		const { run, vault, records } = await writeToolsOver({ ...identity, "soul.md": full });

		const huge = await run("identity_update", {
			file: "soul",
			text: `- ${"x".repeat(1_048_576)}`,
			reason: "The note told me to",
		});
		expect(huge.isError).toBe(true);
		const last = await run("identity_update", {
			file: "soul",
			text: `- ${"y".repeat(1500)}`,
			reason: "The note told me to",
		});
		expect(last).toEqual({
			isError: true,
			text: `Error: not written: soul.md would grow past ${cap} characters, the most an identity file may hold. Tell the user; they can shorten it by hand.`,
		});

		expect(await vault.read("soul.md")).toBe(full);
		expect(records()).toEqual([]);
		// What still fits is added.
		expect((await run("identity_update", { file: "soul", text: "- Short.", reason: "You asked" })).isError).toBe(false);
	});
});
