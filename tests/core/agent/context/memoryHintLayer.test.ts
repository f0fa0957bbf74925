import { assembleContext, type ContextBudgets, type DailyNoteRef } from "../../../../src/core/agent/context";
import { contextInput } from "./contextFixture";

const day = (date: string): DailyNoteRef => ({ date, path: `Assistant/memory/daily/${date}.md` });

function hint(dailyNotes: readonly DailyNoteRef[], budgets: Partial<ContextBudgets> = {}) {
	const context = assembleContext(contextInput({ dailyNotes }), budgets);
	return {
		text: context.system.find((block) => block.text.startsWith("<memory-hint>"))?.text ?? "",
		tokens: context.report.layers.find((layer) => layer.layer === "memory-hint")?.tokens ?? 0,
	};
}

describe("the memory hint", () => {
	it("lists the days with daily memory as ranges, with the latest path and whether today has a note", () => {
		const { text } = hint(
			["2026-02-28", "2026-03-01", "2026-02-27", "2026-03-04", "2026-03-05", "2026-01-10", "not-a-date"].map(day),
		);
		expect(text).toContain(
			"Daily memory exists for 6 days: 2026-01-10, 2026-02-27 to 2026-03-01, 2026-03-04 to 2026-03-05.",
		);
		expect(text).toContain("The latest is Assistant/memory/daily/2026-03-05.md. Today's note (2026-03-05) exists.");
	});

	it("says when today has no note yet, and when there is no daily memory at all", () => {
		expect(hint([day("2026-03-01")]).text).toContain("Today's note (2026-03-05) does not exist yet.");
		expect(hint([]).text).toBe("<memory-hint>\nNo daily memory yet.\n</memory-hint>");
	});

	it("sums up the oldest days in one phrase when the list is over its budget", () => {
		// Every other day for a year: 183 separate days.
		const days = Array.from({ length: 183 }, (_, index) =>
			day(new Date(Date.UTC(2025, 2, 5) + index * 2 * 86_400_000).toISOString().slice(0, 10)),
		);
		const { text, tokens } = hint(days);
		expect(tokens).toBeLessThanOrEqual(300);
		expect(text).toMatch(/Daily memory exists for 183 days: \d+ earlier days from 2025-03-05 to 2025-\d\d-\d\d, /);
		expect(text).toContain(", 2026-03-04.");
	});
});
