import { assembleContext, type ContextBudgets, type HotMemoryReport } from "../../../../src/core/agent/context";
import { contextInput } from "./contextFixture";

const PATH = "Assistant/memory.md";

function hotMemory(
	text: string,
	budgets: Partial<ContextBudgets> = {},
): { block: string; report: HotMemoryReport | null; tokens: number } {
	const context = assembleContext(contextInput({ longTermMemory: { path: PATH, text } }), budgets);
	const block = context.system.find((system) => system.text.startsWith("<hot-memory"))?.text ?? "";
	const tokens = context.report.layers.find((layer) => layer.layer === "hot-memory")?.tokens ?? 0;
	return { block, report: context.report.hotMemory, tokens };
}

/** The view with each marker replaced by the lines it names: the whole file when nothing was lost. */
function restore(block: string, original: string): string {
	const lines = original.split("\n");
	const body = block.replace(/^<hot-memory[^>]*>\n(?:A view of .*\n)?/, "").replace(/<\/hot-memory>$/, "");
	return body.replace(/\[… lines? (\d+)(?:–(\d+))? not shown …\]\n/g, (_, first: string, last: string | undefined) =>
		lines
			.slice(Number(first) - 1, Number(last ?? first))
			.map((line) => `${line}\n`)
			.join(""),
	);
}

const entry = (index: number) =>
	`## Promoted from 2026-01-${String((index % 28) + 1).padStart(2, "0")}\n- fact ${index}: ${"detail ".repeat(30)}\n`;
const entries = (from: number, to: number) =>
	Array.from({ length: to - from }, (_, offset) => entry(from + offset)).join("\n");

const hotSections =
	"## Preferences\n- Short answers.\n- Metric units.\n\n## Current state\nWriting chapter 3.\n\n## Rules\n- Never book Sundays.\n";

describe("hot memory", () => {
	it("sends a short memory.md whole, without overflow", () => {
		const text = `# Memory\n\n${hotSections}\n${entries(0, 3)}`;
		const { block, report } = hotMemory(text);
		expect(block).toBe(`<hot-memory path="${PATH}">\n${text}</hot-memory>`);
		expect(report).toMatchObject({ path: PATH, capTokens: 2000, overflow: false });
		expect(report?.shownTokens).toBe(report?.memoryTokens);
	});

	it("keeps preferences, current state and rules and the latest entries within the cap, and reports the overflow", () => {
		const text = `# Memory\n\n${entries(0, 40)}\n${hotSections}\n${entries(40, 120)}`;
		const { block, report, tokens } = hotMemory(text);

		expect(tokens).toBeLessThanOrEqual(2000);
		expect(block).toContain(hotSections);
		expect(block).toContain(entry(119));
		expect(block).not.toContain("fact 0:");
		expect(block).not.toContain("fact 60:");
		expect(block).toContain(`call memory_get {"path":"${PATH}"} with their line_start and line_end`);
		expect(report).toMatchObject({ capTokens: 2000, overflow: true });
		expect(report?.memoryTokens).toBeGreaterThan(7000);
		expect(report?.hotSectionTokens).toBeLessThan(50);
		expect(report?.shownTokens).toBeLessThanOrEqual(2000);
		expect(report?.shownTokens).toBeGreaterThan(1700);
	});

	it("is a view: the lines it shows and the lines its markers name are the file, byte for byte", () => {
		const text = `# Memory\n\n${entries(0, 40)}\n${hotSections}\n${entries(40, 120)}`;
		expect(restore(hotMemory(text).block, text)).toBe(text);
	});

	it("starts the latest entries at an entry's heading, never mid-entry", () => {
		const text = `# Memory\n\n${hotSections}\n${entries(0, 100)}`;
		const { block } = hotMemory(text);
		const afterLastMarker = block.slice(block.lastIndexOf("not shown …]\n") + "not shown …]\n".length);
		expect(afterLastMarker).toMatch(/^## Promoted from /);
	});

	it("recognises the hot sections under Chinese headings", () => {
		const chinese = "## 偏好\n- 回答简短。\n\n## 当前状态\n在写第三章。\n\n## 规则\n- 周日不安排任何事。\n";
		const text = `# 记忆\n\n${entries(0, 60)}\n${chinese}\n${entries(60, 120)}`;
		const { block, report } = hotMemory(text);
		expect(block).toContain(chinese);
		expect(report?.overflow).toBe(true);
		expect(restore(block, text)).toBe(text);
	});

	it("reports hot sections larger than the cap, still sending no more than the cap", () => {
		const longPreferences = `## Preferences\n${Array.from({ length: 200 }, (_, index) => `- preference ${index}: ${"words ".repeat(10)}`).join("\n")}\n`;
		const text = `# Memory\n\n${longPreferences}\n${entries(0, 10)}`;
		const { block, report, tokens } = hotMemory(text, { hotMemoryTokens: 500 });
		expect(tokens).toBeLessThanOrEqual(500);
		expect(block).toContain("- preference 0:");
		expect(report?.hotSectionTokens).toBeGreaterThan(500);
		expect(report?.overflow).toBe(true);
		expect(restore(block, text)).toBe(text);
	});

	it("sends no hot memory when there is no memory.md", () => {
		const context = assembleContext(contextInput());
		expect(context.report.hotMemory).toBeNull();
		expect(context.report.layers.find((layer) => layer.layer === "hot-memory")).toMatchObject({
			tokens: 0,
			skipped: "no long-term memory",
		});
	});
});
