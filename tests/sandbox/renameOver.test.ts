import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VaultFolder } from "../../sandbox/server/vaultFolder";

/**
 * A move the page asks for never replaces a file already on disk: the page knows the vault as
 * it was listed, and a file made there since (by the user, in another app) would be lost.
 */
describe("the sandbox's vault folder, moving onto a file", () => {
	let root: string;
	beforeEach(() => {
		root = mkdtempSync(join(tmpdir(), "sandbox-rename-"));
	});
	afterEach(() => rmSync(root, { recursive: true, force: true }));

	it("refuses, and both files stay as they were", async () => {
		writeFileSync(join(root, "Draft.md"), "draft");
		writeFileSync(join(root, "Final.md"), "the user's final text");
		const vault = await VaultFolder.open(root);
		await expect(vault.rename("Draft.md", "Final.md")).rejects.toThrow(/already/);
		expect(readFileSync(join(root, "Final.md"), "utf8")).toBe("the user's final text");
		expect(readFileSync(join(root, "Draft.md"), "utf8")).toBe("draft");
	});
});
