/**
 * The assistant's own text must never make a note private: an excluded tag (`#secret`) or the
 * `assistant: private` flag in what it appends would hide the whole day's note, long-term memory,
 * or the user's own daily note, from it from then on, and everything else written there with it.
 * What it appends is recorded, the tag escaped (`\#secret`, which Obsidian reads as no tag).
 */
import { ASSISTANT_TOOLS, runTool, type ToolResult } from "../../src/core/agent/tools";
import { dailyNotesTarget } from "../../src/core/memory/daily";
import { writeToolsOver } from "../core/agent/tools/writeToolFixture";

const TODAY = "2026-03-15";
const DAILY = `memory/daily/${TODAY}.md`;

const SPELLINGS = [
	"#secret",
	"#Secret/recipes",
	"＃secret",
	"#secret,",
	"(#secret)",
	"#ｓｅｃｒｅｔ",
	// Brackets that open no wikilink, around a tag all the same: in inline code, or escaped.
	"`[[` #secret `]]`",
	"\\[[ #secret ]]",
	"[[`x` #secret]]",
];

/** What `memory_get` gives of the note, or `hidden: …` when it refuses. */
async function readable(run: (name: string, input: unknown) => Promise<ToolResult>, path: string): Promise<string> {
	const got = await run("memory_get", { path });
	return got.isError ? `hidden: ${got.text}` : got.text;
}

describe("an excluded tag in what the assistant appends", () => {
	it.each(SPELLINGS)("leaves today's daily note and memory.md readable: %s", async (tag) => {
		const { run, vault } = await writeToolsOver(
			{
				[DAILY]: `# ${TODAY}\n\n## Log\n- 09:00 Planned the day.\n\n## Candidate long-term memory\n`,
				"memory.md": "# Memory\n",
			},
			{ excludedTags: ["secret"] },
		);
		for (const target of ["daily", "candidate", "longterm"]) {
			const appended = await run("memory_append", { target, text: `Talked about the ${tag} recipe (${target}).` });
			expect(appended.isError).toBe(false);
		}
		expect(await readable(run, DAILY)).toContain("Planned the day.");
		expect(await readable(run, "memory.md")).toContain("recipe (longterm)");
		const daily = await vault.read(DAILY);
		expect(daily).toContain("recipe (daily)");
		expect(daily).toContain("recipe (candidate)");
	});

	it("leaves the user's own daily note readable", async () => {
		const { run, deps, vault } = await writeToolsOver(
			{ [`Journal/${TODAY}.md`]: "Morning run, then the thesis.\n" },
			{ excludedTags: ["secret"] },
		);
		const daily = dailyNotesTarget((date) => `Journal/${date}.md`, "");
		const appended = await runTool(
			"memory_append",
			{ target: "daily", text: "Logged the #secret meeting." },
			{ ...deps, daily },
			ASSISTANT_TOOLS,
		);
		expect(appended.isError).toBe(false);
		expect(await readable(run, `Journal/${TODAY}.md`)).toContain("Morning run");
		expect(await vault.read(`Journal/${TODAY}.md`)).toContain("meeting.");
	});

	it("leaves the user's note it annotates, and the identity file it updates, readable", async () => {
		const { run } = await writeToolsOver(
			{ "Projects/Sauce.md": "# Sauce\n\nTomatoes, basil.\n", "user.md": "# User\n\nName: Lin.\n" },
			{ excludedTags: ["secret"] },
		);
		expect((await run("note_annotate", { path: "Projects/Sauce.md", text: "Keep it #secret." })).isError).toBe(false);
		const updated = await run("identity_update", {
			file: "user",
			text: "Keeps a #secret recipe book.",
			reason: "The user said so.",
		});
		expect(updated.isError).toBe(false);
		expect(await readable(run, "Projects/Sauce.md")).toContain("Keep it");
		expect(await readable(run, "user.md")).toContain("recipe book");
	});

	it("still hides a note the user tagged so", async () => {
		const { run } = await writeToolsOver({ "Notes/Recipe.md": "The sauce. #secret\n" }, { excludedTags: ["secret"] });
		expect(await readable(run, "Notes/Recipe.md")).toMatch(/^hidden/);
	});
});

describe("the private flag in what the assistant appends", () => {
	it("never becomes the properties of a new daily note or memory.md", async () => {
		const { run, vault } = await writeToolsOver({});
		const flag = "---\nassistant: private\n---\nA note on the day.";
		expect((await run("memory_append", { target: "daily", text: flag })).isError).toBe(false);
		expect((await run("memory_append", { target: "longterm", text: flag })).isError).toBe(false);
		expect(await readable(run, DAILY)).toContain("A note on the day.");
		expect(await readable(run, "memory.md")).toContain("A note on the day.");
		expect(await vault.read(DAILY)).toContain("assistant: private");
	});
});
