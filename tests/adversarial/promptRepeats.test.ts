/**
 * A prompt note is a template the user (or whoever wrote into the prompts folder) controls. One
 * that names `{{note}}` again and again filled the open note in at every copy: fifty copies of a
 * long note made a message of five million characters, sent and paid for; eight thousand made a
 * string longer than JavaScript allows, and the run threw. The note and the selection now share
 * one budget however often they are named, and the user is told when it cut them.
 */
import { listPrompts, MAX_FILLED_CHARS, preparePrompt, type PreparedPrompt } from "../../src/core/prompts";
import { layoutFor } from "../../src/core/workspace/layout";
import { MemoryVault } from "../../headless/inMemory/memoryVault";
import { viewOf } from "../harness/viewOf";
import { promptReader } from "../harness/promptReader";

const LAYOUT = layoutFor("Assistant");
/** A long note, each line numbered, so that what was filled in can be told apart. */
const NOTE = Array.from({ length: 12_000 }, (_, line) => `line ${line} of the thesis`).join("\n");

async function run(template: string, selection = ""): Promise<PreparedPrompt> {
	const view = viewOf(
		new MemoryVault({ files: { "Assistant/Prompts/Echo.md": template, "Projects/Thesis.md": NOTE } }),
		{},
		LAYOUT,
	);
	const [entry] = listPrompts(view, "Assistant/Prompts", LAYOUT).prompts;
	const prepared = await preparePrompt(
		view,
		entry,
		{
			notePath: "Projects/Thesis.md",
			selection,
			today: "2026-03-16",
			rest: "",
		},
		promptReader(view, LAYOUT),
	);
	if ("refused" in prepared) throw new Error(`refused: ${prepared.refused}`);
	return prepared;
}

describe("a prompt that names the note many times", () => {
	it("sends the note's text once within the budget, not fifty times, and says so", async () => {
		expect(NOTE.length).toBeGreaterThan(MAX_FILLED_CHARS);
		const prepared = await run(Array.from({ length: 50 }, (_, copy) => `Copy ${copy}: {{note}}`).join("\n"));
		expect(prepared.text.length).toBeLessThan(MAX_FILLED_CHARS + 1_000);
		expect(prepared.text.startsWith(`Copy 0: ${NOTE.slice(0, MAX_FILLED_CHARS)}`)).toBe(true);
		expect(prepared.notices).toEqual(expect.arrayContaining(["note-cut", "repeats-cut"]));
	});

	it("runs with eight thousand copies, within the budget, rather than throwing", async () => {
		const prepared = await run("{{note}}".repeat(8_000));
		expect(prepared.text).toBe(NOTE.slice(0, MAX_FILLED_CHARS));
		expect(prepared.notices).toContain("repeats-cut");
	});

	it("shares the budget between the selection and the note", async () => {
		const selection = "chosen words ".repeat(10_000);
		const prepared = await run("{{selection}}\n{{note}}\n{{selection}}", selection);
		expect(prepared.text.length).toBeLessThanOrEqual(MAX_FILLED_CHARS + 2);
		expect(prepared.notices).toContain("repeats-cut");
	});

	it("fills a short note named twice whole both times, with no notice", async () => {
		const view = viewOf(
			new MemoryVault({
				files: { "Assistant/Prompts/Twice.md": "{{note}} / {{note}}", "Notes/Short.md": "Lyon opens at nine." },
			}),
			{},
			LAYOUT,
		);
		const [entry] = listPrompts(view, "Assistant/Prompts", LAYOUT).prompts;
		await expect(
			preparePrompt(
				view,
				entry,
				{ notePath: "Notes/Short.md", selection: "", today: "2026-03-16", rest: "" },
				promptReader(view, LAYOUT),
			),
		).resolves.toMatchObject({ text: "Lyon opens at nine. / Lyon opens at nine.", notices: [] });
	});
});
