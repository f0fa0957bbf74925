import { assembleContext, type ContextBudgets, type NotesInContext } from "../../../../src/core/agent/context";
import { contextInput, numberedLines } from "./contextFixture";

function assembleNotes(notes: NotesInContext, budgets: Partial<ContextBudgets> = {}) {
	const context = assembleContext(contextInput({ notes }), budgets);
	return {
		text: context.system.find((block) => /^<(current|mentioned)-note/.test(block.text))?.text ?? null,
		report: context.report.layers.find((layer) => layer.layer === "notes"),
	};
}

const note = (path: string, lines: number) => ({ path, text: numberedLines(path, lines) });

describe("the current note and mentioned notes", () => {
	it("sends the current note, then each mention once, each tagged with its path", () => {
		const current = { path: "Projects/Atlas.md", text: "# Atlas\nDue in May.\n" };
		const { text } = assembleNotes({
			currentNote: current,
			mentions: [{ path: "People/Ana.md", text: "Advisor." }, current],
		});
		expect(text).toBe(
			'<current-note path="Projects/Atlas.md">\n# Atlas\nDue in May.\n</current-note>\n\n<mentioned-note path="People/Ana.md">\nAdvisor.\n</mentioned-note>',
		);
	});

	it("cuts a long current note to its budget with a marker, and each mention to its own", () => {
		const { text, report } = assembleNotes({ currentNote: note("Atlas.md", 1000), mentions: [note("Ana.md", 1000)] });
		expect(text).toMatch(
			/\[… lines \d+–\d+ of Atlas\.md not shown here .* memory_get \{"path":"Atlas\.md","line_start":\d+,"line_end":\d+\} …\]/,
		);
		expect(text).toMatch(/\[… lines \d+–\d+ of Ana\.md not shown here/);
		expect(report?.cuts.map((cut) => [cut.subject, cut.reason])).toEqual([
			["Atlas.md", "note-budget"],
			["Ana.md", "note-budget"],
		]);
		const [atlas, ana] = text?.split("\n\n<mentioned-note") ?? [];
		expect(Math.abs(atlas.length / 4 - 3000)).toBeLessThan(150);
		expect(Math.abs(ana.length / 4 - 1500)).toBeLessThan(150);
		expect(report?.tokens).toBeLessThanOrEqual(6000);
	});

	it("keeps within the layer's budget, naming the notes that no longer fit", () => {
		const mentions = Array.from({ length: 8 }, (_, index) => note(`Mention ${index}.md`, 200));
		const { text, report } = assembleNotes({ currentNote: note("Atlas.md", 1000), mentions });
		expect(report?.tokens).toBeLessThanOrEqual(6000);
		expect(text).toContain(
			'[Mention 7.md is not shown here: the budget for notes in this prompt is full. Read it with memory_get {"path":"Mention 7.md"}.]',
		);
		expect(report?.cuts.filter((cut) => cut.kind === "left-out").map((cut) => cut.subject)).toContain("Mention 7.md");
		for (const mention of mentions) expect(text).toContain(mention.path);
	});

	it("sends nothing when the current note is off and nothing is mentioned", () => {
		const { text, report } = assembleNotes({ currentNote: null, mentions: [] });
		expect(text).toBeNull();
		expect(report?.skipped).toBe("no current note and no mentions");
	});
});
