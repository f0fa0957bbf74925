/**
 * @jest-environment jsdom
 */
/**
 * The card of an approved edit that takes out most of a note: Accept all and Apply, pressed without
 * reading 37,600 characters of red, write nothing yet. The card asks a second time, saying how much
 * of the note goes; only "Apply anyway" writes it, and Cancel leaves the card as it was.
 */
import "../../sandbox/obsidianApi";
import { applyProposal, type EditProposal } from "../../src/core/edits";
import { setLanguage } from "../../src/i18n";
import { renderEditProposal } from "../../src/obsidian/chat/editProposalCard";
import { writeToolsOver } from "../core/agent/tools/writeToolFixture";

const LINES = Array.from({ length: 376 }, (_, index) => `Line ${String(index).padStart(3, "0")} ${"x".repeat(90)}\n`);
const LONG = LINES.join("");
const PATH = "Notes/Field log.md";

/** The card of what note_edit proposed for `edits`, its Apply writing through the real `applyProposal`. */
async function cardFor(edits: { find: string; replace: string }[]) {
	const tools = await writeToolsOver({ [PATH]: LONG });
	const proposed = await tools.run("note_edit", { path: PATH, edits, reason: "Tidy up" });
	expect(proposed.isError).toBe(false);
	const proposal = (proposed.display as { proposal: EditProposal }).proposal;
	const el = renderEditProposal(document.body, proposal, {
		apply: (shown, accepted, confirmed) => applyProposal(tools.deps, shown, accepted, confirmed),
		undo: () => Promise.reject(new Error("no undo here")),
		askAgain: () => false,
	});
	const press = (selector: string) => el.querySelector<HTMLButtonElement>(selector)!.click();
	// The apply goes through the audited writer: a few turns of the event loop.
	const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
	const note = () => tools.vault.read(PATH);
	return { el, press, settled, note };
}

beforeEach(() => {
	setLanguage("en");
	document.body.empty();
});

describe("the card of an edit that takes out most of a note", () => {
	const halves = [LINES.slice(0, 188).join(""), LINES.slice(188).join("")].map((find) => ({ find, replace: "" }));

	it("asks a second time, saying how much goes, and writes only after Apply anyway", async () => {
		const { el, press, settled, note } = await cardFor(halves);
		press(".assistant-edit-accept-all");
		press(".assistant-edit-apply");
		await settled();
		expect(await note()).toBe(LONG);
		expect(el.querySelector(".assistant-edit-confirm")?.textContent).toContain(
			"This removes 37,600 of 37,600 characters of Field log. Apply anyway?",
		);
		expect(el.classList.contains("is-applied")).toBe(false);

		press(".assistant-edit-cancel");
		await settled();
		expect(el.querySelector(".assistant-edit-confirm")).toBeNull();
		expect(el.querySelector<HTMLButtonElement>(".assistant-edit-apply")?.disabled).toBe(false);
		expect(await note()).toBe(LONG);

		press(".assistant-edit-apply");
		await settled();
		press(".assistant-edit-apply-anyway");
		await settled();
		expect(await note()).toBe("");
		expect(el.classList.contains("is-applied")).toBe(true);
	});

	it("asks nothing more for a change that leaves most of the note", async () => {
		const { el, press, settled, note } = await cardFor([{ find: LINES[3], replace: "Line 003 checked\n" }]);
		press(".assistant-edit-accept-all");
		press(".assistant-edit-apply");
		await settled();
		expect(el.querySelector(".assistant-edit-confirm")).toBeNull();
		expect(await note()).toBe(LONG.replace(LINES[3], "Line 003 checked\n"));
	});
});
