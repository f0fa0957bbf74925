import { assembleContext, FRESH_CONVERSATION } from "../../../../src/core/agent/context";
import { clockAt, contextInput, dateInZone, numberedLines, turn } from "./contextFixture";

const identity = {
	soul: { path: "Assistant/soul.md", text: numberedLines("soul", 600) },
	user: { path: "Assistant/user.md", text: "# User\n\nMaya, a historian in Lyon.\n" },
	rules: { path: "Assistant/claude.md", text: "# Rules\n\nAnswer in the user's language.\n" },
};

describe("assembleContext", () => {
	it("sends the layers in order, the identity layer first and alone carrying the cache breakpoint", () => {
		const context = assembleContext(
			contextInput({
				identity,
				longTermMemory: { path: "Assistant/memory.md", text: "## Preferences\n- Short answers.\n" },
				dailyNotes: [{ date: "2026-03-04", path: "Assistant/memory/daily/2026-03-04.md" }],
				notes: { currentNote: { path: "Atlas.md", text: "Atlas" }, mentions: [] },
				weeklySummaries: [{ week: "2026-W09", path: "Assistant/memory/weekly/2026-W09.md", text: "Chose Postgres." }],
				userMessage: "Why did we choose Postgres?",
			}),
		);
		expect(context.system.map((block) => /^<([a-z-]+)/.exec(block.text)?.[1])).toEqual([
			"identity-file",
			"hot-memory",
			"assistant-instructions",
			"memory-hint",
			"current-note",
			"history-book",
		]);
		expect(context.system.map((block) => block.cacheBreakpoint === true)).toEqual([
			true,
			false,
			false,
			false,
			false,
			false,
		]);
		expect(context.report.layers.map((layer) => layer.layer)).toEqual([
			"identity",
			"hot-memory",
			"instructions",
			"memory-hint",
			"vault-map",
			"notes",
			"history-book",
			"search-results",
			"conversation",
			"user-message",
		]);
		expect(context.report.totalTokens).toBe(context.report.layers.reduce((sum, layer) => sum + layer.tokens, 0));
		expect(context.messages.at(-1)).toEqual({
			role: "user",
			content: [{ type: "text", text: "Why did we choose Postgres?" }],
		});
	});

	it("keeps the prefix up to the breakpoint byte-identical between two turns of a day", () => {
		const morning = assembleContext(
			contextInput({ identity, clock: clockAt("2026-03-05T08:01:00Z"), userMessage: "Good morning" }),
		);
		const evening = assembleContext(
			contextInput({
				identity,
				clock: clockAt("2026-03-05T21:47:00Z"),
				userMessage: "What did we do today?",
				longTermMemory: { path: "Assistant/memory.md", text: "## Current state\nChapter 3 drafted.\n" },
				notes: { currentNote: { path: "Atlas.md", text: "Atlas" }, mentions: [] },
				history: [...turn(0), ...turn(1)],
				conversation: FRESH_CONVERSATION,
			}),
		);
		const prefix = (blocks: typeof morning.system) =>
			blocks.slice(0, blocks.findIndex((block) => block.cacheBreakpoint === true) + 1);
		expect(prefix(evening.system)).toEqual(prefix(morning.system));
		expect(prefix(morning.system)).toHaveLength(1);
		expect(morning.system[0].text).not.toMatch(/2026|08:01|Thursday/);
		expect(evening.system[1].text).not.toBe(morning.system[1].text);
	});

	it("tells the model today's date, weekday and the user's local time from the injected clock", () => {
		const context = assembleContext(contextInput({ clock: clockAt("2026-03-05T23:59:00Z") }));
		const instructions = context.system.find((block) => block.text.startsWith("<assistant-instructions>"))?.text;
		expect(instructions).toContain(
			"Today is Thursday, 2026-03-05 (ISO week 2026-W10). The user's local time is 23:59 (UTC+00:00).",
		);
	});

	it("reads the date in the user's time zone, where it may already be tomorrow", () => {
		// 20:00 UTC is 04:00 the next morning in Shanghai (UTC+8).
		const now = dateInZone("2026-03-05T20:00:00Z", 8 * 60);
		const context = assembleContext(
			contextInput({
				clock: { now: () => now },
				dailyNotes: [{ date: "2026-03-06", path: "Assistant/memory/daily/2026-03-06.md" }],
			}),
		);
		const text = context.system.map((block) => block.text).join("\n");
		expect(text).toContain(
			"Today is Friday, 2026-03-06 (ISO week 2026-W10). The user's local time is 04:00 (UTC+08:00).",
		);
		expect(text).toContain("Today's note (2026-03-06) exists.");
	});

	it("names every tool the instructions rely on, and the citation rule", () => {
		const instructions =
			assembleContext(contextInput()).system.find((block) => block.text.startsWith("<assistant-instructions>"))?.text ??
			"";
		for (const tool of [
			"memory_search",
			"memory_get",
			"memory_recent",
			"memory_history",
			"memory_append",
			"capture_note",
			"checkpoint",
			"identity_update",
			"note_annotate",
		]) {
			expect(instructions).toContain(tool);
		}
		expect(instructions).toContain("cite it as an Obsidian wikilink");
	});

	it("takes budget overrides over the defaults", () => {
		const context = assembleContext(contextInput({ identity }), { identityFileTokens: 500 });
		const report = context.report.layers.find((layer) => layer.layer === "identity");
		expect(report?.tokens).toBeLessThanOrEqual(600);
		expect(report?.cuts).toEqual([expect.objectContaining({ subject: "Assistant/soul.md", reason: "note-budget" })]);
	});
});
