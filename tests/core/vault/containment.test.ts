import { assertContained, ContainmentError, type ContainmentRule } from "../../../src/core/vault/containment";

const policy = { configDir: ".obsidian", excludedFolders: ["Private", "Journal/secret"] };

function refusal(path: string, rules = policy): ContainmentError {
	try {
		assertContained(path, rules);
	} catch (error) {
		if (error instanceof ContainmentError) return error;
		throw error;
	}
	throw new Error(`accepted ${JSON.stringify(path)}`);
}

describe("assertContained", () => {
	const refused: [string, ContainmentRule][] = [
		["../x", "parent"],
		["a/../../x", "parent"],
		["..\\x", "parent"],
		["..%2fx", "parent"],
		["%2e%2e%2fx", "parent"],
		["%2E%2E%5Cx", "parent"],
		["%252e%252e%252fx", "parent"],
		["a/.. /x", "parent"],
		["/etc/x", "absolute"],
		["%2fetc%2fx", "absolute"],
		["C:\\x", "absolute"],
		["C:/x", "absolute"],
		["\\\\server\\share\\x", "absolute"],
		["//server/share/x", "absolute"],
		["file:///etc/x", "absolute"],
		["~/x", "home"],
		["~", "home"],
		["~root/x", "home"],
		["a%00.md", "nul"],
		["a\0.md", "nul"],
		[".obsidian/plugins/x", "config"],
		[".OBSIDIAN/x", "config"],
		[".obsidian", "config"],
		["./.obsidian/x", "config"],
		[".obsidian./x", "config"],
		["%2eobsidian/x", "config"],
		[".trash/x", "trash"],
		[".trash /x", "trash"],
		[".Trash/x", "trash"],
		["Private/diary.md", "excluded"],
		["private/Sub/diary.md", "excluded"],
		["journal/Secret/x.md", "excluded"],
		["", "empty"],
		["./", "empty"],
	];

	it.each(refused)("refuses %j by the %s rule, without printing the path", (path, rule) => {
		const error = refusal(path);
		expect(error.rule).toBe(rule);
		// A one- or two-character path ("~", "./") may occur in any sentence; longer ones must not.
		if (path.length > 2) expect(error.message).not.toContain(path);
		expect(error.message).not.toMatch(/[A-Za-z]:[\\/]|\/etc|\\\\|~\//);
	});

	it("uses the vault's own configuration folder, whatever its name", () => {
		const custom = { configDir: ".vault-config", excludedFolders: [] };
		expect(refusal(".Vault-Config/plugins/x", custom).rule).toBe("config");
		expect(assertContained(".obsidian-notes/x.md", custom)).toBe(".obsidian-notes/x.md");
	});

	it.each([
		["memory/daily/2026-01-01.md", "memory/daily/2026-01-01.md"],
		["项目/笔记.md", "项目/笔记.md"],
		["./memory//daily\\x.md", "memory/daily/x.md"],
		["/memory/x.md/".slice(1), "memory/x.md"],
		["100%.md", "100%.md"],
		["~scratch.md", "~scratch.md"],
		["a..b.md", "a..b.md"],
		[".obsidian-notes/x.md", ".obsidian-notes/x.md"],
		["Private notes/x.md", "Private notes/x.md"],
		["Journal/public.md", "Journal/public.md"],
	])("accepts %j as %j", (path, normalized) => {
		expect(assertContained(path, policy)).toBe(normalized);
	});

	it("treats an empty entry in the excluded folders as no entry, not the whole vault", () => {
		expect(assertContained("notes/x.md", { configDir: ".obsidian", excludedFolders: ["", "/"] })).toBe("notes/x.md");
	});
});
