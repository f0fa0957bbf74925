import type { TextModel } from "../../../src/core/model/textModel";
import { assistantFolderTarget } from "../../../src/core/memory/daily";
import { MAX_HISTORY_WEEKS } from "../../../src/core/memory/historyBook";
import { isoWeekOf, parseIsoWeek, previousIsoWeek } from "../../../src/core/memory/isoWeek";
import { buildWeeklySummary, type WeeklySummaryRequest } from "../../../src/core/memory/weeklySummary";
import { layoutFor } from "../../../src/core/workspace/layout";
import { memoryFixture } from "./fixture";

const NOW = "2026-11-28T10:00:00.000Z";
const layout = layoutFor("");
const DAYS = {
	"memory/daily/2026-11-17.md":
		"# 2026-11-17\n\n## Log\n- 09:10 Booked the sleep lab.\n- 14:00 Dr. Lin wants chapter 2 by Friday.\n",
	"memory/archive/2026/2026-11-16.md": "# 2026-11-16\n\n## Log\n- 08:00 Started the week.\n",
	"memory/daily/2026-11-19.md": "# 2026-11-19\n\n## Log\n- 10:05 Booked the sleep lab.\n",
};
const request = (model: TextModel | null, extra: Partial<WeeklySummaryRequest> = {}): WeeklySummaryRequest => ({
	week: "2026-W47",
	target: assistantFolderTarget(layout),
	layout,
	model,
	actor: "user",
	...extra,
});

describe("ISO weeks", () => {
	it("runs Monday to Sunday in the year of its Thursday", () => {
		expect(parseIsoWeek("2026-W01")?.days).toEqual([
			"2025-12-29",
			"2025-12-30",
			"2025-12-31",
			"2026-01-01",
			"2026-01-02",
			"2026-01-03",
			"2026-01-04",
		]);
		expect(parseIsoWeek("2025-W53")).toBeNull();
		expect(parseIsoWeek("2026-W53")?.days[6]).toBe("2027-01-03");
		expect(parseIsoWeek("2020-W53")?.days[6]).toBe("2021-01-03");
		expect(isoWeekOf(new Date("2026-11-28T10:00:00Z")).id).toBe("2026-W48");
		expect(previousIsoWeek(parseIsoWeek("2026-W01")!).id).toBe("2025-W52");
	});
});

describe("weekly summary", () => {
	it("is extracted offline from the week's daily memory, archived days included, and a second run changes nothing", async () => {
		const fixture = memoryFixture(DAYS, NOW);
		const first = await buildWeeklySummary(fixture.deps, request(null));
		expect([first.status, first.path, first.author]).toEqual(["written", "memory/weekly/2026-W47.md", "extract"]);
		const text = await fixture.vault.read("memory/weekly/2026-W47.md");
		expect(text).toContain("week: 2026-W47\nfrom: 2026-11-16\nto: 2026-11-22\nsummary: extract\n");
		expect(text).toContain("[[memory/archive/2026/2026-11-16|2026-11-16]], [[memory/daily/2026-11-17|2026-11-17]]");
		expect(text).toContain(
			"## 2026-11-17\n\n- 09:10 Booked the sleep lab.\n- 14:00 Dr. Lin wants chapter 2 by Friday.",
		);
		expect(text).not.toContain("10:05 Booked the sleep lab");
		const before = await fixture.snapshot();
		const second = await buildWeeklySummary(fixture.deps, request(null));
		expect(second.status).toBe("already-summarised");
		expect(await fixture.snapshot()).toEqual(before);
		expect(fixture.records()).toHaveLength(1);
	});

	it("is written by the model when there is one; forced, the old page is archived before it is replaced", async () => {
		const fixture = memoryFixture(DAYS, NOW);
		const prompts: string[] = [];
		const model: TextModel = {
			complete: (req) => (prompts.push(req.prompt), Promise.resolve("## Decisions\n- Lab booked.")),
		};
		await buildWeeklySummary(fixture.deps, request(null));
		const offline = await fixture.vault.read("memory/weekly/2026-W47.md");
		const rebuilt = await buildWeeklySummary(fixture.deps, request(model, { force: true }));
		expect([rebuilt.status, rebuilt.author, rebuilt.keptAt]).toEqual([
			"rewritten",
			"model",
			"memory/archive/weekly/2026-W47.md",
		]);
		expect(prompts[0]).toContain('<day date="2026-11-17">');
		expect(await fixture.vault.read("memory/weekly/2026-W47.md")).toContain(
			"summary: model\n---\n# Week 2026-W47 (2026-11-16 to 2026-11-22)\n\nDaily memory: ",
		);
		expect(await fixture.vault.read("memory/archive/weekly/2026-W47.md")).toBe(offline);
	});

	it("falls back to the extract when the model fails, and refuses a week not over or without memory", async () => {
		const fixture = memoryFixture(DAYS, NOW);
		const failing: TextModel = { complete: () => Promise.reject(new Error("overloaded")) };
		const result = await buildWeeklySummary(fixture.deps, request(failing));
		expect([result.status, result.author, String(result.modelError)]).toEqual([
			"written",
			"extract",
			"Error: overloaded",
		]);
		expect((await buildWeeklySummary(fixture.deps, request(null, { week: "2026-W48" }))).status).toBe("week-not-over");
		expect((await buildWeeklySummary(fixture.deps, request(null, { week: "2026-W40" }))).status).toBe(
			"no-daily-memory",
		);
		expect((await buildWeeklySummary(fixture.deps, request(null, { week: "2026-W99" }))).status).toBe("invalid-week");
	});

	it("keeps at most 50 weeks: older ones are folded into their yearly summary and moved to the archive, nothing deleted", async () => {
		const weeks: Record<string, string> = {};
		let week = parseIsoWeek("2026-W46")!;
		for (let i = 0; i < MAX_HISTORY_WEEKS + 1; i++) {
			weeks[`memory/weekly/${week.id}.md`] =
				`---\nweek: ${week.id}\n---\n# Week ${week.id}\n\n## ${week.days[0]}\n\n- Did things in ${week.id}.\n`;
			week = previousIsoWeek(week);
		}
		const fixture = memoryFixture({ ...DAYS, ...weeks }, NOW);
		const result = await buildWeeklySummary(fixture.deps, request(null));
		expect(result.folded.weeks).toEqual(["2025-W48", "2025-W49"]);
		const files = await fixture.snapshot();
		expect(Object.keys(files).filter((path) => path.startsWith("memory/weekly/"))).toHaveLength(MAX_HISTORY_WEEKS);
		expect(files["memory/yearly/2025.md"]).toBe(
			"# 2025\n\n## 2025-W48\n\n### 2025-11-24\n\n- Did things in 2025-W48.\n\n## 2025-W49\n\n### 2025-12-01\n\n- Did things in 2025-W49.\n",
		);
		expect(files["memory/archive/weekly/2025-W48.md"]).toBe(weeks["memory/weekly/2025-W48.md"]);
		const again = await buildWeeklySummary(fixture.deps, request(null, { force: true }));
		expect(again.folded.weeks).toEqual([]);
	});
});
