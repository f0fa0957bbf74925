/**
 * The metadata cache lags behind the file: Obsidian saves the editor's text, then reads its
 * properties a moment later. A note the user has just marked private (or tagged with an
 * excluded tag) is, in that moment, described by the cache as it was before. The view must not
 * hand out the new text on the strength of the old description.
 */
import type { MetadataSource } from "../../src/core/ports";
import { indexPolicyFor } from "../../src/core/retrieval";
import { privacyView } from "../../src/core/vault/vaultView";
import { layoutFor } from "../../src/core/workspace/layout";
import { MemoryVault } from "../../headless/inMemory/memoryVault";

/** The cache as it was when this was made: every note's metadata frozen, links resolved live. */
function frozenCache(vault: MemoryVault): MetadataSource {
	const frozen = new Map(vault.listFiles().map((file) => [file.path, vault.getMetadata(file.path)]));
	return {
		getMetadata: (path) => frozen.get(path) ?? null,
		resolveLink: (linkpath, source) => vault.resolveLink(linkpath, source),
		resolvedLinks: vault.resolvedLinks,
	};
}

describe("a metadata cache that lags behind the file", () => {
	it.each([
		["marked private", "---\ntags: [journal]\nassistant: private\n---\nSECRET-just-marked\n"],
		["tagged with an excluded tag", "---\ntags: [journal, health]\n---\nSECRET-just-tagged\n"],
		["given properties it had none of", "---\nassistant: private\n---\nSECRET-new-block\nA day.\n"],
		["tagged inline", "A day. #health SECRET-inline\n"],
	])("does not read out a note just %s while the cache still describes it as it was", async (_change, edited) => {
		const vault = new MemoryVault({
			files: { "Diary/day.md": "---\ntags: [journal]\n---\nA day.\n", "Notes/open.md": "# Open\n" },
		});
		const stale = frozenCache(vault);
		await vault.process("Diary/day.md", () => edited);
		const view = privacyView(
			{ store: vault, metadata: stale },
			indexPolicyFor(layoutFor(""), { configDir: vault.configDir, excludedTags: ["health"] }),
		);
		await expect(view.read("Diary/day.md")).rejects.toThrow("File not found");
		await expect(view.read("Notes/open.md")).resolves.toBe("# Open\n");
	});

	it("reads the note again once the cache has caught up", async () => {
		const vault = new MemoryVault({ files: { "Diary/day.md": "---\ntags: [journal]\n---\nA day.\n" } });
		const stale = frozenCache(vault);
		await vault.process("Diary/day.md", (text) => `${text}More of the day. #health\n\n\n`);
		const policy = indexPolicyFor(layoutFor(""), { configDir: vault.configDir, excludedTags: ["health"] });
		await expect(privacyView({ store: vault, metadata: stale }, policy).read("Diary/day.md")).rejects.toThrow(
			"File not found",
		);
		// Caught up, the cache knows the tag: the note is hidden now, by the rule itself.
		expect(privacyView({ store: vault, metadata: vault }, policy).stat("Diary/day.md")).toBeNull();
	});

	it("still reads a note whose edit changed nothing the privacy rules read", async () => {
		const vault = new MemoryVault({ files: { "Diary/day.md": "---\ntags: [journal]\n---\nA day.\n" } });
		const stale = frozenCache(vault);
		await vault.process("Diary/day.md", (text) => `${text}More of the day.   \n\n<!-- a comment -->\n`);
		const policy = indexPolicyFor(layoutFor(""), { configDir: vault.configDir, excludedTags: ["health"] });
		await expect(privacyView({ store: vault, metadata: stale }, policy).read("Diary/day.md")).resolves.toContain(
			"More of the day.",
		);
	});
});

describe("a metadata cache that is up to date", () => {
	it.each([
		["trailing blank lines and spaces", "# Day\n\nText.   \n\n \t\n"],
		["Windows line endings", "---\r\ntags: [a]\r\n---\r\nText.\r\n\r\n"],
		["a quote closed by a bare marker line", "# Day\n\n> quoted\n>\n"],
		["a block of properties only", "---\ntags: [a]\n---\n"],
		["nothing", ""],
	])("reads a note ending in %s", async (_name, text) => {
		const vault = new MemoryVault({ files: { "Notes/day.md": text } });
		await expect(
			privacyView(
				{ store: vault, metadata: vault },
				indexPolicyFor(layoutFor(""), { configDir: vault.configDir }),
			).read("Notes/day.md"),
		).resolves.toBe(text);
	});
});
