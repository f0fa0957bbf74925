import { sha256Hex } from "../../../src/core/audit/hash";
import type { WriteIntent } from "../../../src/core/vault/auditedWriter";
import { memoryFixture } from "../memory/fixture";

const NOW = "2026-03-15T12:00:00.000Z";
const intent: WriteIntent = { actor: "assistant", reason: "Approved by the user: shorter" };

describe("AuditedWriter.applyApprovedEdit", () => {
	it("may remove text from the approved base, in one write audited as an edit", async () => {
		const { deps, vault, records } = memoryFixture({ "a.md": "one\ntwo\nthree\n" }, NOW);
		const outcome = await deps.writer.applyApprovedEdit(
			"a.md",
			sha256Hex("one\ntwo\nthree\n"),
			(base) => base.replace("two\n", ""),
			intent,
		);
		expect(await vault.read("a.md")).toBe("one\nthree\n");
		expect(records()).toEqual([
			{
				time: NOW,
				actor: "assistant",
				action: "edit",
				path: "a.md",
				bytes: 10,
				sha256Before: sha256Hex("one\ntwo\nthree\n"),
				sha256After: sha256Hex("one\nthree\n"),
				reason: intent.reason,
			},
		]);
		expect(outcome).toEqual({ path: "a.md", changed: true, record: records()[0] });
	});

	it("refuses, writing and logging nothing, and never runs the change, when the note is not the approved base", async () => {
		const { deps, vault, log } = memoryFixture({ "a.md": "one\ntwo\nthree\nthe user's line\n" }, NOW);
		const transform = jest.fn((base: string) => base.replace("two\n", ""));
		await expect(
			deps.writer.applyApprovedEdit("a.md", sha256Hex("one\ntwo\nthree\n"), transform, intent),
		).rejects.toMatchObject({ refusal: "removes-text", path: "a.md" });
		expect(transform).not.toHaveBeenCalled();
		expect(await vault.read("a.md")).toBe("one\ntwo\nthree\nthe user's line\n");
		expect(log.text).toBe("");
	});

	it("refuses a file that is not plain UTF-8 text, a missing one, and paths outside the guard", async () => {
		const latin1 = Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x0a]);
		const { deps, vault, log } = memoryFixture({ "cafe.md": latin1, "x.md": "x" }, NOW);
		const text = await vault.read("cafe.md");
		await expect(
			deps.writer.applyApprovedEdit("cafe.md", sha256Hex(text), () => "Tea\n", intent),
		).rejects.toMatchObject({
			refusal: "not-plain-text",
		});
		expect(await vault.readBinary("cafe.md")).toEqual(latin1);
		await expect(deps.writer.applyApprovedEdit("gone.md", sha256Hex(""), () => "x", intent)).rejects.toMatchObject({
			refusal: "missing",
		});
		for (const path of ["../x.md", ".obsidian/x.md", "/x.md"]) {
			await expect(deps.writer.applyApprovedEdit(path, sha256Hex("x"), () => "", intent)).rejects.toMatchObject({
				name: "ContainmentError",
			});
		}
		expect(log.text).toBe("");
	});
});
