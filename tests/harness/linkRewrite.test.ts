import { MemoryVault } from "../../headless/inMemory/memoryVault";

/** The text of `note` after moving `from` to `to` in a vault of `files`. */
async function afterMove(files: Record<string, string>, from: string, to: string, note: string): Promise<string> {
	const vault = new MemoryVault({ files });
	await vault.rename(from, to);
	return vault.read(note);
}

describe("Moving a note updates the links to it, as Obsidian's renameFile does", () => {
	it("keeps subpaths, display text and the embed mark", async () => {
		const text = "[[Plan]] [[plan#Goals]] [[Plan#^block|see]] ![[Plan]] [[Plan|Plan]]";
		expect(await afterMove({ "Plan.md": "", "n.md": text }, "Plan.md", "Roadmap.md", "n.md")).toBe(
			"[[Roadmap]] [[Roadmap#Goals]] [[Roadmap#^block|see]] ![[Roadmap]] [[Roadmap|Plan]]",
		);
	});

	it("rewrites markdown links with the extension, spaces encoded, angle brackets kept", async () => {
		const text = "[a](Plan.md) [b](Plan.md#Goals) [c](<Plan.md>)";
		expect(await afterMove({ "Plan.md": "", "n.md": text }, "Plan.md", "My Plan.md", "n.md")).toBe(
			"[a](My%20Plan.md) [b](My%20Plan.md#Goals) [c](<My Plan.md>)",
		);
	});

	it("rewrites links in the frontmatter", async () => {
		const text = '---\nup: "[[Plan]]"\nrelated:\n  - "[[Plan]]"\n---\n[[Plan]]';
		expect(await afterMove({ "Plan.md": "", "n.md": text }, "Plan.md", "Roadmap.md", "n.md")).toBe(
			'---\nup: "[[Roadmap]]"\nrelated:\n  - "[[Roadmap]]"\n---\n[[Roadmap]]',
		);
	});

	it("leaves links that still resolve as the user wrote them", async () => {
		const text = "[[Plan]] [[PLAN|the plan]] [[Other]]";
		expect(await afterMove({ "Plan.md": "", "Other.md": "", "n.md": text }, "Plan.md", "Archive/Plan.md", "n.md")).toBe(
			text,
		);
	});

	it("writes the full path when the new name is not unique", async () => {
		const files = { "Plan.md": "", "Archive/Roadmap.md": "", "n.md": "[[Plan]]" };
		expect(await afterMove(files, "Plan.md", "Projects/Roadmap.md", "n.md")).toBe("[[Projects/Roadmap]]");
	});

	it("updates path links into a moved folder, and links inside it", async () => {
		const files = {
			"Old/Plan.md": "[[Old/Notes|notes]] [[#Top]]",
			"Old/Notes.md": "",
			"Index.md": "[[Old/Plan]] [[Old/Notes.md]]",
		};
		const vault = new MemoryVault({ files });
		await vault.rename("Old", "New");
		expect(await vault.read("Index.md")).toBe("[[Plan]] [[Notes]]");
		expect(await vault.read("New/Plan.md")).toBe("[[Notes|notes]] [[#Top]]");
		expect(vault.resolvedLinks["Index.md"]).toEqual({ "New/Plan.md": 1, "New/Notes.md": 1 });
	});

	it("leaves links to other notes and unresolved links alone", async () => {
		const text = "[[Missing]] [[Other]] `[[Plan]]`";
		expect(await afterMove({ "Plan.md": "", "Other.md": "", "n.md": text }, "Plan.md", "X.md", "n.md")).toBe(text);
	});
});
