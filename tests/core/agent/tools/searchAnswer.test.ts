import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { runTool } from "../../../../src/core/agent/tools";
import { toolsOver } from "./toolFixture";

/** The example vault's notes, path → text, its configuration folder left out. */
function exampleVault(): Record<string, string> {
	const root = join(__dirname, "../../../../examples/vault");
	const files: Record<string, string> = {};
	const walk = (folder: string) => {
		for (const name of readdirSync(folder)) {
			const path = join(folder, name);
			if (name === ".obsidian") continue;
			if (statSync(path).isDirectory()) walk(path);
			else files[relative(root, path)] = readFileSync(path, "utf8");
		}
	};
	walk(root);
	return files;
}

const TRIP = [
	"# Trip",
	"",
	"## Packing",
	"- [ ] Tent",
	"- [x] Stove",
	"  with gas",
	"",
	"1. Drive to the lake",
	"2. Pitch the tent",
	"",
	"```sh",
	"echo tent",
	"",
	"echo lake",
	"```",
	"",
	"| Item | Weight |",
	"| --- | --- |",
	"| Tent | 2 kg |",
].join("\n");

describe("memory_search shows each note as the markdown it is", () => {
	it("keeps tasks, numbered steps, a code block and a table whole, one item per line, the heading as the result's label", async () => {
		const { run } = await toolsOver({ "Trip.md": TRIP });
		const { text } = await run("memory_search", { query: "tent stove lake" });
		const lines = text.split("\n");
		const title = lines.findIndex((line) => line.startsWith("1. "));
		expect(lines[title]).toMatch(/^1\. Trip\.md:\d+ {2}Trip > Packing \(\d+\.\d\d\)$/);
		expect(lines.slice(title + 1).join("\n")).toBe(
			[
				"   - [ ] Tent",
				"   - [x] Stove",
				"     with gas",
				"",
				"   1. Drive to the lake",
				"   2. Pitch the tent",
				"",
				"   ```sh",
				"   echo tent",
				"",
				"   echo lake",
				"   ```",
				"",
				"   | Item | Weight |",
				"   | --- | --- |",
				"   | Tent | 2 kg |",
			].join("\n"),
		);
		expect(text).not.toContain("## Packing");
	});

	it("leaves out a code block too long for the passage rather than tearing it", async () => {
		const code = ["```", ...Array.from({ length: 60 }, (_, i) => `line ${i} of the build script`), "```"].join("\n");
		const { run } = await toolsOver({ "Build.md": `# Build\n\nThe release pipeline runs nightly.\n\n${code}` });
		const { text } = await run("memory_search", { query: "release pipeline" });
		expect(text).toContain("   The release pipeline runs nightly.");
		expect(text).not.toContain("```");
		expect(text).not.toContain("line 0 of the build script");
	});
});

describe("memory_search leads with the line that best answers the question", () => {
	it("论文第二章什么时候交？ over the example vault: the chapter 2 due date, not the thesis's title", async () => {
		const { run } = await toolsOver(exampleVault(), { excludedFolders: [] }, "2026-12-01T10:00:00Z");
		const lines = (await run("memory_search", { query: "论文第二章什么时候交？" })).text.split("\n");
		expect(lines[0]).toBe("Best line: Projects/Thesis - sleep and memory.md:21  Thesis - sleep and memory > Status");
		expect(lines[1]).toBe("   - [ ] Chapter 2 draft, due to [[People/Dr. Lin|Dr. Lin]] on 2026-12-15");
		expect(lines).toContain(
			"1. Projects/Thesis - sleep and memory.md:21  Thesis - sleep and memory > Status (" +
				lines.find((line) => line.startsWith("1. "))?.split("(")[1],
		);
	});

	it("picks the sentence or list item that covers most of the query's words, Chinese counted by the index's bigrams", async () => {
		const { run } = await toolsOver({
			"项目.md": "# 项目\n\n- 周一开会讨论预算。\n- 预算审批在周五完成，审批人是王经理。\n\n会议记录在别处。预算很紧。",
		});
		const lines = (await run("memory_search", { query: "预算审批人是谁" })).text.split("\n");
		expect(lines[0]).toBe("Best line: 项目.md:4  项目");
		expect(lines[1]).toBe("   - 预算审批在周五完成，审批人是王经理。");
	});

	it("quotes a sentence, not its whole paragraph, and the line it is on", async () => {
		const { run } = await toolsOver({
			"Garden.md":
				"# Garden\n\nThe roses came in May. Water the tomatoes every evening in July. The shed needs paint.\nMore about the shed later.",
		});
		const lines = (await run("memory_search", { query: "water tomatoes" })).text.split("\n");
		expect(lines[0]).toBe("Best line: Garden.md:3  Garden");
		expect(lines[1]).toBe("   Water the tomatoes every evening in July.");
	});
});

describe("the assistant's own files in a search a person reads", () => {
	const files = {
		"soul.md": "# Soul\nCurious about kayaking.",
		"user.md": "# User\nLikes kayaking on weekends.",
		"claude.md": "# Rules\nMention kayaking safety.",
		"HEARTBEAT.md": "# Heartbeat\n- [ ] Ask about the kayaking trip",
		"memory.md": "# Memory\n- Kayaking club on Saturdays.",
		"memory/daily/2026-03-14.md": "# 2026-03-14\n\n## Log\n- Talked about kayaking.",
		"Notes/Kayak.md": "# Kayak\nKayaking on the fjord in June.",
	};
	const own = ["soul.md", "user.md", "claude.md", "HEARTBEAT.md", "memory.md", "memory/daily/2026-03-14.md"];

	async function pathsFor(query: string, assistantFilesInSearch?: "when-asked"): Promise<string[]> {
		const { deps } = await toolsOver(files);
		const { text } = await runTool("memory_search", { query, limit: 10 }, { ...deps, assistantFilesInSearch });
		return [...text.matchAll(/^\d+\. (.+?):\d+ /gm)].map((match) => match[1]).sort();
	}

	it("take no slot when the question is not about them, memory as a subject of the notes included", async () => {
		expect(await pathsFor("where do I go kayaking?", "when-asked")).toEqual(["Notes/Kayak.md"]);
		expect(await pathsFor("can you find kayaking and memory?", "when-asked")).toEqual(["Notes/Kayak.md"]);
		expect(await pathsFor("kayaking 与记忆", "when-asked")).toEqual(["Notes/Kayak.md"]);
	});

	it("come back when the question names one or asks about the assistant, its memory or identity", async () => {
		expect(await pathsFor("what is in your soul about kayaking?", "when-asked")).toEqual(
			expect.arrayContaining(["soul.md"]),
		);
		expect(await pathsFor("what do you remember about kayaking?", "when-asked")).toEqual(
			expect.arrayContaining(["memory/daily/2026-03-14.md", "memory.md"]),
		);
		expect(await pathsFor("助理的记忆里关于 kayaking 有什么？", "when-asked")).toEqual(
			[...own, "Notes/Kayak.md"].sort(),
		);
	});

	it("stay in a model's search, which reads its memory on purpose", async () => {
		expect(await pathsFor("kayaking")).toEqual([...own, "Notes/Kayak.md"].sort());
	});
});

describe("links in what a search shows", () => {
	it("point at the note they resolve to, and are plain text when they resolve to no note or to a hidden one", async () => {
		const { run } = await toolsOver(
			{
				"Notes/Hub.md":
					"Walrus facts: see [[Atlas]], [[Atlas#Budget|the budget]], [[Nowhere]], [[Flagged]] and [[Private/diary|my diary]].",
				"Projects/Atlas.md": "# Atlas\n\n## Budget\nSmall.",
				"Notes/Flagged.md": "---\nassistant: private\n---\nHidden.",
				"Private/diary.md": "Dear diary.",
			},
			{ excludedFolders: ["Private"] },
		);
		const { text } = await run("memory_search", { query: "walrus" });
		expect(text).toContain(
			"   Walrus facts: see [[Projects/Atlas|Atlas]], [[Projects/Atlas#Budget|the budget]], Nowhere, Flagged and my diary.",
		);
	});
});

describe("notes linked from the top hit", () => {
	const SECRET = "okapi9127";
	const files = {
		"Notes/Walrus.md":
			"# Walrus\n\nWalrus colonies: [[Flagged]], [[Private/diary]], [[Broken]], [[Alpha]], [[Beta]], [[Gamma]].",
		"Notes/Second.md": "Once I saw a walrus, among many other things at the harbour that long and windy day.",
		"Notes/Flagged.md": `---\nassistant: private\n---\nThe flagged note ${SECRET}.`,
		"Private/diary.md": `Diary ${SECRET}.`,
		"Notes/Broken.md": `---\ntags: &self [*self]\n---\nBroken ${SECRET}.`,
		"Notes/Alpha.md": "# Alpha\n\nThe first letter.",
		"Notes/Beta.md": "# Beta\n\nThe second letter.",
		"Notes/Gamma.md": "# Gamma\n\nThe third letter.",
	};

	it("come after the results, at most two, labelled as linked from it, though they share no word with the query", async () => {
		const { run } = await toolsOver(files, { excludedFolders: ["Private"] });
		const { text } = await run("memory_search", { query: "walrus" });
		const linked = text.slice(text.indexOf("\nNotes linked from"));
		expect(text.indexOf("2. Notes/Second.md")).toBeLessThan(text.indexOf("\nNotes linked from"));
		expect(linked).toBe(
			[
				"\nNotes linked from Notes/Walrus.md (they may share no word with the query):",
				"- Notes/Alpha.md:3  Alpha",
				"   The first letter.",
				"- Notes/Beta.md:3  Beta",
				"   The second letter.",
			].join("\n"),
		);
	});

	it("never include a hidden note: private, in an excluded folder, or with properties that cannot be read", async () => {
		const { run } = await toolsOver(files, { excludedFolders: ["Private"] });
		const { text } = await run("memory_search", { query: "walrus", limit: 20 });
		expect(text).not.toContain(SECRET);
		expect(text).not.toMatch(/^- (Notes\/Flagged|Private\/diary|Notes\/Broken)\.md/m);
		expect(text).not.toContain("[[Notes/Flagged");
		expect(text).not.toContain("[[Private/diary");
		expect(text).not.toContain("[[Notes/Broken");
	});
});
