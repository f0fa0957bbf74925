import { assembleContext, type ContextBudgets, type WeeklySummary } from "../../../../src/core/agent/context";
import { contextInput } from "./contextFixture";

/** `count` weeks ending with 2026-W09, in no particular order. */
function weeks(count: number, words = 20): WeeklySummary[] {
	const all = Array.from({ length: count }, (_, index) => {
		// 2025 has 52 ISO weeks.
		const [year, number] = 9 - index >= 1 ? [2026, 9 - index] : [2025, 9 - index + 52];
		const week = `${year}-W${String(number).padStart(2, "0")}`;
		return { week, path: `Assistant/memory/weekly/${week}.md`, text: `Summary of ${week}: ${"work ".repeat(words)}\n` };
	});
	return [...all.filter((_, index) => index % 2 === 1), ...all.filter((_, index) => index % 2 === 0)];
}

function assemble(
	userMessage: string,
	weeklySummaries: readonly WeeklySummary[],
	budgets: Partial<ContextBudgets> = {},
) {
	const context = assembleContext(contextInput({ userMessage, weeklySummaries }), budgets);
	return {
		context,
		book: context.system.find((block) => block.text.startsWith("<history-book>"))?.text ?? null,
		report: context.report.layers.find((layer) => layer.layer === "history-book"),
	};
}

describe("the history book", () => {
	it("is left out of a question about now, even when the summaries are at hand", () => {
		const { book, report, context } = assemble("What should I work on today?", weeks(3));
		expect(book).toBeNull();
		expect(report).toMatchObject({ tokens: 0, skipped: "not a question about the past" });
		expect(context.report.historyQuestion).toBe(false);
	});

	it.each(["Why did we drop chapter 5?", "我们之前为什么放弃了第五章？"])(
		"is sent for %j, the weeks oldest first",
		(question) => {
			const { book, context } = assemble(question, weeks(3));
			expect(context.report.historyQuestion).toBe(true);
			expect(book).toContain("weekly summaries of daily memory from 2026-W07 to 2026-W09, oldest first");
			const order = ["2026-W07", "2026-W08", "2026-W09"].map((week) => book?.indexOf(`<week id="${week}"`) ?? -1);
			expect(order[0]).toBeGreaterThan(0);
			expect(order).toEqual([...order].sort((a, b) => a - b));
		},
	);

	it("holds the latest 50 weeks at most and points to memory_history for older ones", () => {
		const { book, report } = assemble("What did we decide last time?", weeks(60, 5));
		expect(book?.match(/<week id=/g)).toHaveLength(50);
		expect(book).toContain("from 2025-W12 to 2026-W09");
		expect(book).toContain("Older weeks are not shown: call memory_history for them.");
		expect(report?.cuts.filter((cut) => cut.reason === "week-limit")).toHaveLength(10);
	});

	it("fits the latest weeks within its budget, reporting the older ones left out", () => {
		const { book, report } = assemble("What did we decide last time?", weeks(20, 100), { historyBookTokens: 1000 });
		expect(report?.tokens).toBeLessThanOrEqual(1000);
		expect(book).toContain('<week id="2026-W09"');
		expect(book).not.toContain('<week id="2025-W43"');
		expect(report?.cuts.length).toBeGreaterThan(0);
		expect(report?.cuts.every((cut) => cut.kind === "left-out" && cut.reason === "layer-budget")).toBe(true);
	});

	it("cuts a long week to its own budget", () => {
		const { book, report } = assemble("Why did we change the plan?", weeks(1, 2000));
		expect(book).toMatch(/\[… line 1 of Assistant\/memory\/weekly\/2026-W09\.md not shown here/);
		expect(report?.cuts).toEqual([expect.objectContaining({ kind: "shortened", reason: "note-budget" })]);
		expect(report?.tokens).toBeLessThanOrEqual(1100);
	});
});
