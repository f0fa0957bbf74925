import { MAX_TOOL_OUTPUT_CHARS } from "../../../../src/core/agent/tools";
import { toolsOver } from "./toolFixture";

const numbered = (prefix: string, count: number) =>
	Array.from({ length: count }, (_, i) => `- ${prefix} fact ${i + 1}: ${"detail ".repeat(8)}`).join("\n");
const day = (date: string, body: string) => `# ${date}\n\n## Log\n${body}\n`;

describe("memory_recent", () => {
	it("shows long-term memory and the last days of daily memory, newest first, and the days without a note", async () => {
		const { run } = await toolsOver({
			"memory.md": "# Memory\n- Prefers tea.",
			"memory/daily/2026-03-15.md": day("2026-03-15", "- Chose sqlite."),
			"memory/daily/2026-03-14.md": day("2026-03-14", "- Met Dr. Lin."),
			"memory/daily/2026-03-12.md": day("2026-03-12", "- Too old for three days."),
		});
		expect(await run("memory_recent", {})).toEqual({
			isError: false,
			text: [
				"## Long-term memory (memory.md)",
				"# Memory\n- Prefers tea.",
				"",
				"## Daily memory, 2026-03-13 to 2026-03-15, newest first",
				"",
				"### 2026-03-15 (memory/daily/2026-03-15.md)",
				"# 2026-03-15\n\n## Log\n- Chose sqlite.",
				"",
				"### 2026-03-14 (memory/daily/2026-03-14.md)",
				"# 2026-03-14\n\n## Log\n- Met Dr. Lin.",
				"",
				"No daily memory on 2026-03-13.",
			].join("\n"),
			// The notes shown, in the answer's order; the day without a note names none.
			locations: [
				{ path: "memory.md" },
				{ path: "memory/daily/2026-03-15.md" },
				{ path: "memory/daily/2026-03-14.md" },
			],
		});
	});

	it("finds long-term memory under another spelling, and says when there is none", async () => {
		expect((await (await toolsOver({ "MEMORY.md": "Adopted." })).run("memory_recent", { days: 1 })).text).toMatch(
			/^## Long-term memory \(MEMORY\.md\)\nAdopted\.\n/,
		);
		expect((await (await toolsOver({})).run("memory_recent", { days: 1 })).text).toBe(
			"## Long-term memory\nNone yet: there is no memory.md.\n\n## Daily memory, 2026-03-15 to 2026-03-15, newest first\nNo daily memory on this day.",
		);
	});

	it("shows the head of a long long-term memory and says where to read on", async () => {
		const memory = `# Memory\n${numbered("long-term", 200)}`;
		const tools = await toolsOver({ "memory.md": memory });
		const { text } = await tools.run("memory_recent", { days: 1 });
		const head = text.slice(text.indexOf("\n") + 1, text.indexOf("\n[Cut here"));
		expect(memory.startsWith(head)).toBe(true);
		expect(head.length).toBeLessThanOrEqual(4000);
		const notice =
			/\[Cut here: ([\d,]+) more characters\. To see them: memory_get \{"path":"memory\.md","line_start":(\d+)\}\.\]/.exec(
				text,
			);
		// What was cut starts on the next line (the head is shown without the end of its last line's spaces).
		const unseen = memory.slice(head.length).replace(/^[ \t]*\n/, "");
		expect(Number(notice?.[1].replace(",", ""))).toBe(unseen.length);
		const next = await tools.run("memory_get", {
			path: "memory.md",
			line_start: Number(notice?.[2]),
			line_end: Number(notice?.[2]),
		});
		expect(next.text.split("\n")[1]).toBe(unseen.split("\n")[0]);
	});

	it("bounds each day, shares the room among the days found, and stays within 12,000 characters", async () => {
		const files: Record<string, string> = { "memory.md": numbered("long-term", 200) };
		for (let d = 9; d <= 15; d++) {
			const date = `2026-03-${String(d).padStart(2, "0")}`;
			files[`memory/daily/${date}.md`] = day(date, numbered(`day ${d}`, 80));
		}
		const tools = await toolsOver(files);
		const week = (await tools.run("memory_recent", { days: 7 })).text;
		expect(week.length).toBeLessThanOrEqual(MAX_TOOL_OUTPUT_CHARS);
		expect(week).not.toContain("[Truncated");
		expect(
			week.match(
				/\[Cut here: [\d,]+ more characters\. To see them: memory_get \{"path":"memory\/daily\/2026-03-\d\d\.md"\}\.\]/g,
			),
		).toHaveLength(7);
		const sections = week.split("\n### ").slice(1);
		for (const section of sections) expect(section.length).toBeLessThan(6000 / 7 + 300);
		const twoDays = (await tools.run("memory_recent", { days: 2 })).text;
		expect(twoDays.split("\n### ")[1].length).toBeGreaterThan(2900);
	});

	it.each([[{ days: 0 }], [{ days: 8 }], [{ days: 2.5 }], [{ days: "3" }]])(
		"refuses %j with a clear error",
		async (args) => {
			const result = await (await toolsOver({})).run("memory_recent", args);
			expect(result.isError).toBe(true);
			expect(result.text).toMatch(/^Error: invalid arguments for memory_recent:\n- days: /);
		},
	);
});
