import { ASSISTANT_TOOLS, runTool } from "../../../../src/core/agent/tools";
import { dailyNotesTarget } from "../../../../src/core/memory/daily";
import { promoteDay } from "../../../../src/core/memory/longTerm";
import { writeToolsOver } from "./writeToolFixture";

/** The user's own long-term memory, with CRLF line breaks, no final line break and odd spacing. */
const MEMORY = "# Long-term memory\r\n\r\n- Prefers tea.  \r\n<!-- the user's comment -->";

describe("memory_append", () => {
	it("adds a timestamped entry to today's daily memory, creating the note from the template", async () => {
		const { run, vault, records } = await writeToolsOver({});
		const result = await run("memory_append", {
			target: "daily",
			text: "Decided to drop chapter 3.\nReason: no data.",
		});
		expect(result).toEqual({
			isError: false,
			text: "Added to today's daily memory (memory/daily/2026-03-15.md, 2026-03-15).",
			locations: [{ path: "memory/daily/2026-03-15.md" }],
		});
		expect(await vault.read("memory/daily/2026-03-15.md")).toBe(
			"# 2026-03-15\n\n## Log\n- 12:00 Decided to drop chapter 3.\n  Reason: no data.\n\n## Candidate long-term memory\n",
		);
		expect(records()).toMatchObject([
			{
				actor: "assistant",
				action: "create",
				path: "memory/daily/2026-03-15.md",
				reason: "memory_append to daily memory",
			},
		]);
	});

	it("puts a fact that might last under today's Candidate long-term memory, where promotion takes it to memory.md", async () => {
		const { run, vault, deps } = await writeToolsOver({ "memory.md": "# Memory\n" });
		await run("memory_append", { target: "daily", text: "Met Dr. Lin." });
		const result = await run("memory_append", { target: "candidate", text: "Dr. Lin prefers drafts by email." });
		expect(result.text).toBe(
			"Added to today's candidate long-term memory (memory/daily/2026-03-15.md, under Candidate long-term memory); it reaches memory.md when the day is promoted.",
		);
		expect(await vault.read("memory/daily/2026-03-15.md")).toBe(
			"# 2026-03-15\n\n## Log\n- 12:00 Met Dr. Lin.\n\n## Candidate long-term memory\n- 12:00 Dr. Lin prefers drafts by email.\n",
		);
		const promoted = await promoteDay(deps, {
			date: "2026-03-15",
			target: deps.daily,
			memoryPath: "memory.md",
			actor: "user",
		});
		expect(promoted.status).toBe("promoted");
		expect(await vault.read("memory.md")).toContain(
			"## Promoted from 2026-03-15\n\n- 12:00 Dr. Lin prefers drafts by email.",
		);
	});

	it("writes a candidate under the candidate section already in today's note, in its own language", async () => {
		const { run, vault } = await writeToolsOver({ "memory/daily/2026-03-15.md": "# 2026-03-15\n\n## 候选长期记忆\n" });
		await run("memory_append", { target: "candidate", text: "喜欢早上写论文。" });
		expect(await vault.read("memory/daily/2026-03-15.md")).toBe(
			"# 2026-03-15\n\n## 候选长期记忆\n- 12:00 喜欢早上写论文。\n",
		);
	});

	it("writes under ## Assistant in the user's own daily note when daily memory lives there", async () => {
		const journal = "# Sunday\n\nWent for a walk.\n";
		const { deps, vault } = await writeToolsOver({ "Journal/2026-03-15.md": journal });
		const inJournal = { ...deps, daily: dailyNotesTarget((date) => `Journal/${date}.md`, "") };
		await runTool("memory_append", { target: "daily", text: "Walked 5 km." }, inJournal, ASSISTANT_TOOLS);
		expect(await vault.read("Journal/2026-03-15.md")).toBe(`${journal}\n## Assistant\n- 12:00 Walked 5 km.\n`);
	});

	it("only appends to long-term memory: the user's file stays its exact prefix, and the user is shown the entry", async () => {
		const { run, vault, records } = await writeToolsOver({ "memory.md": MEMORY });
		const result = await run("memory_append", { target: "longterm", text: "Works on the thesis in the mornings." });
		const after = await vault.read("memory.md");
		expect(after.startsWith(MEMORY)).toBe(true);
		expect(after).toBe(`${MEMORY}\r\n\r\n- 2026-03-15 Works on the thesis in the mornings.\r\n`);
		expect(result).toEqual({
			isError: false,
			text: "Added to long-term memory (memory.md); the user sees it in the chat.",
			locations: [{ path: "memory.md" }],
			display: {
				kind: "longterm-append",
				path: "memory.md",
				text: "- 2026-03-15 Works on the thesis in the mornings.",
			},
		});
		expect(records()).toMatchObject([
			{ action: "process", path: "memory.md", reason: "memory_append to long-term memory" },
		]);
	});

	it("appends to an adopted MEMORY.md, and creates memory.md when there is none", async () => {
		const adopted = await writeToolsOver({ "MEMORY.md": "# Memory\n" });
		await adopted.run("memory_append", { target: "longterm", text: "Fact." });
		expect(await adopted.vault.read("MEMORY.md")).toBe("# Memory\n\n- 2026-03-15 Fact.\n");

		const fresh = await writeToolsOver({});
		await fresh.run("memory_append", { target: "longterm", text: "Fact." });
		expect(await fresh.vault.read("memory.md")).toBe("- 2026-03-15 Fact.\n");
		expect(fresh.records()).toMatchObject([{ action: "create", path: "memory.md" }]);
	});

	it("does not append a fact long-term memory already holds", async () => {
		const { run, vault, records } = await writeToolsOver({ "memory.md": MEMORY });
		expect(await run("memory_append", { target: "longterm", text: "Prefers tea." })).toEqual({
			isError: false,
			text: "Already in long-term memory (memory.md): nothing was added.",
			locations: [{ path: "memory.md" }],
		});
		expect(await vault.read("memory.md")).toBe(MEMORY);
		expect(records()).toEqual([]);
	});

	it.each([
		["blank text", { target: "longterm", text: "   " }, "text: must not be blank"],
		["another target", { target: "weekly", text: "x" }, 'target: must be one of "daily", "candidate", "longterm"'],
		[
			"text over 4,000 characters",
			{ target: "daily", text: "x".repeat(4001) },
			"text: must be at most 4000 characters long",
		],
		["a path", { target: "daily", text: "x", path: "memory.md" }, 'unknown argument "path"'],
	])("refuses %s and writes nothing", async (_, input, message) => {
		const { run, records } = await writeToolsOver({});
		const result = await run("memory_append", input);
		expect(result.isError).toBe(true);
		expect(result.text).toContain(message);
		expect(records()).toEqual([]);
	});
});
