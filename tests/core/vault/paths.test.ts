import { extensionOf, normalizeVaultPath } from "../../../src/core/vault/paths";

/** Obsidian's `normalizePath`, step by step, with no shortcut: what the quick test must agree with. */
function normalizedTheLongWay(path: string): string {
	const normalized = path
		.replace(/([\\/])+/g, "/")
		.replace(/(^\/+|\/+$)/g, "")
		.replace(/[\u00A0\u202F]/g, " ")
		.normalize("NFC");
	return normalized === "" ? "/" : normalized;
}

describe("vault paths", () => {
	it("are normalized as Obsidian normalizes them, whether or not they needed it", () => {
		const paths = [
			"Notes/plan.md",
			"Notes//plan.md",
			"/Notes/plan.md",
			"Notes/",
			"Notes\\plan.md",
			"Notes\u00A0old/plan.md",
			"Notes\u202Fold/plan.md",
			// A combining accent, Hangul jamo and a compatibility ideograph: NFC changes each.
			"Cafe\u0301.md",
			"\u1100\u1161.md",
			"\uF900.md",
			"日記/2026年.md",
			"ｐｒｉｖａｔｅ/x.md",
			"한국어.md",
			"",
			"/",
		];
		for (const path of paths) expect([path, normalizeVaultPath(path)]).toEqual([path, normalizedTheLongWay(path)]);
	});

	it("have the extension of their file name, never of a folder's, and none for a hidden file's", () => {
		expect(["x.md", "a/b.MD", "a.b/c", "a/.md", ".md", "a/b.tar.gz", "a/b."].map(extensionOf)).toEqual([
			"md",
			"md",
			"",
			"",
			"",
			"gz",
			"",
		]);
	});
});
