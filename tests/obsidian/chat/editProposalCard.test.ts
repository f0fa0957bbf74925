/**
 * @jest-environment jsdom
 */
import "../../../sandbox/obsidianApi";
import type { ApplyOutcome, EditProposal } from "../../../src/core/edits/editProposal";
import type { UndoableWrite, UndoOutcome } from "../../../src/core/memory/undoWrite";
import { setLanguage } from "../../../src/i18n";
import {
	renderEditProposal,
	renderSavedEditProposal,
	type EditCardActions,
} from "../../../src/obsidian/chat/editProposalCard";

const HASH = "a".repeat(64);
const PROPOSAL: EditProposal = {
	path: "Projects/Thesis.md",
	reason: "Tighten the method summary and fix the sample size.",
	baseHash: HASH,
	hunks: [
		{ id: 0, start: 10, end: 40, line: 3, before: "We slept a lot.\n", after: "Participants napped 20 minutes.\n" },
		{ id: 1, start: 80, end: 95, line: 9, before: "n = 12\n", after: "n = 24\n" },
	],
};
const WRITE: UndoableWrite = {
	record: {
		time: "2026-12-02T10:00:00.000Z",
		actor: "assistant",
		action: "process",
		path: PROPOSAL.path,
		bytes: 120,
		sha256Before: HASH,
		sha256After: "b".repeat(64),
		reason: "Approved by the user",
	},
	before: "the note before",
};

/** The card over actions that record what they were asked, `apply` answering `outcome`. */
function card(outcome: ApplyOutcome | Error, undone: UndoOutcome | null = null) {
	const calls = {
		applied: [] as number[][],
		undone: [] as UndoableWrite[],
		opened: [] as string[],
		asked: [] as string[],
	};
	const actions: EditCardActions = {
		apply: (proposal, accepted) => {
			expect(proposal).toBe(PROPOSAL);
			calls.applied.push([...accepted].sort());
			return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
		},
		undo: (write) => {
			calls.undone.push(write);
			return undone === null ? Promise.reject(new Error("no undo")) : Promise.resolve(undone);
		},
		askAgain: (path) => calls.asked.push(path) > 0,
	};
	const el = renderEditProposal(document.body, PROPOSAL, actions);
	const q = <T extends HTMLElement = HTMLElement>(selector: string) => el.querySelector<T>(selector)!;
	const hunk = (id: number) => q(`.assistant-edit-hunk[data-hunk="${id}"]`);
	const press = (selector: string) => q<HTMLButtonElement>(selector).click();
	const status = () => q(".assistant-edit-card-status").textContent;
	const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
	return { el, q, hunk, press, status, settled, calls };
}

beforeEach(() => {
	setLanguage("en");
	document.body.empty();
});

describe("the card of a proposed edit", () => {
	it("names the note as a link, says why, and shows each hunk at its line, removed in red and added in green", () => {
		const { el, q, hunk } = card({ kind: "stale", path: PROPOSAL.path });
		expect(el.getAttribute("aria-label")).toBe("Proposed edit to Projects/Thesis.md");
		const link = q(".assistant-edit-card-note");
		expect(link.textContent).toBe("Thesis");
		expect(link.getAttribute("aria-label")).toBe("Open Projects/Thesis.md");
		// An internal link, which the chat opens and previews as it does the links of an answer.
		expect(link.classList.contains("internal-link")).toBe(true);
		expect(link.getAttribute("data-href")).toBe("Projects/Thesis.md");
		expect(q(".assistant-edit-card-reason").textContent).toBe(PROPOSAL.reason);
		expect(hunk(0).querySelector(".assistant-edit-hunk-line")?.textContent).toBe("Line 3");
		const lines = Array.from(hunk(0).querySelectorAll(".assistant-chat-diff-line")).map((line) => [
			line.className.replace("assistant-chat-diff-line ", ""),
			line.textContent,
		]);
		expect(lines).toEqual([
			["is-removed", "3- We slept a lot."],
			["is-added", "3+ Participants napped 20 minutes."],
		]);
	});

	it("decides nothing for the user: Apply waits for an accepted hunk, and counts them", () => {
		const { q, hunk, press } = card({ kind: "stale", path: PROPOSAL.path });
		const apply = q<HTMLButtonElement>(".assistant-edit-apply");
		expect(apply.disabled).toBe(true);
		expect(apply.textContent).toBe("Apply");
		press(".assistant-edit-accept-all");
		expect(apply.disabled).toBe(false);
		expect(apply.textContent).toBe("Apply 2 changes");
		expect(apply.getAttribute("aria-label")).toBe("Apply the accepted changes: 2 of 2");
		hunk(1).querySelector<HTMLButtonElement>(".assistant-edit-reject")?.click();
		expect(apply.textContent).toBe("Apply 1 change");
		expect(hunk(1).classList.contains("is-rejected")).toBe(true);
		expect(hunk(1).querySelector(".assistant-edit-reject")?.getAttribute("aria-pressed")).toBe("true");
		expect(hunk(1).querySelector(".assistant-edit-accept")?.getAttribute("aria-pressed")).toBe("false");
		expect(hunk(1).querySelector(".assistant-edit-hunk-state")?.textContent).toBe("Rejected");
		press(".assistant-edit-reject-all");
		expect(apply.disabled).toBe(true);
	});

	it("applies exactly the accepted hunks, then says what was applied, with an Undo that puts the note back", async () => {
		const restored: UndoOutcome = { kind: "restored", path: PROPOSAL.path, record: WRITE.record };
		const { el, q, hunk, press, settled, calls } = card(
			{ kind: "applied", path: PROPOSAL.path, hunks: 1, undo: WRITE },
			restored,
		);
		hunk(0).querySelector<HTMLButtonElement>(".assistant-edit-reject")?.click();
		hunk(1).querySelector<HTMLButtonElement>(".assistant-edit-accept")?.click();
		press(".assistant-edit-apply");
		expect(Array.from(el.querySelectorAll("button")).every((button) => button.disabled)).toBe(true);
		await settled();
		expect(calls.applied).toEqual([[1]]);
		expect(el.classList.contains("is-applied")).toBe(true);
		expect(q(".assistant-edit-card-status").textContent).toBe("Applied 1 change to Thesis.");
		expect(el.querySelector(".assistant-edit-hunk-toggles")).toBeNull();
		expect(hunk(0).classList.contains("is-rejected")).toBe(true);
		expect(hunk(1).querySelector(".assistant-edit-hunk-state")?.textContent).toBe("Applied");
		// From the keyboard, Undo is the next stop.
		expect(document.activeElement).toBe(q(".assistant-chat-undo"));
		press(".assistant-chat-undo");
		await settled();
		expect(calls.undone).toEqual([WRITE]);
		expect(el.classList.contains("is-undone")).toBe(true);
		expect(q(".assistant-chat-undo-status").textContent).toBe("Undone: Projects/Thesis.md is back as it was.");
	});

	it("says when the note changed since the proposal, writes nothing, and offers to ask again", async () => {
		const { el, press, status, settled, calls } = card({ kind: "stale", path: PROPOSAL.path });
		press(".assistant-edit-accept-all");
		press(".assistant-edit-apply");
		await settled();
		expect(el.classList.contains("is-stale")).toBe(true);
		expect(status()).toBe("The note Thesis changed since this was proposed, so nothing was written.");
		expect(el.querySelector(".assistant-chat-undo")).toBeNull();
		press(".assistant-edit-ask-again");
		expect(calls.asked).toEqual(["Projects/Thesis.md"]);
		expect(el.querySelector<HTMLButtonElement>(".assistant-edit-ask-again")?.disabled).toBe(true);
	});

	it("says why a proposal was refused when it was applied", async () => {
		const { el, press, status, settled } = card({ kind: "refused", path: PROPOSAL.path, refusal: "verified" });
		press(".assistant-edit-accept-all");
		press(".assistant-edit-apply");
		await settled();
		expect(el.classList.contains("is-refused")).toBe(true);
		expect(status()).toBe("The note is marked as verified, so the assistant changes nothing in it.");
		expect(el.querySelector(".assistant-edit-ask-again")).toBeNull();
	});

	it("says a failed apply and lets the user try again with the same choices", async () => {
		const { q, hunk, press, status, settled, calls } = card(new Error("disk full"));
		hunk(0).querySelector<HTMLButtonElement>(".assistant-edit-accept")?.click();
		press(".assistant-edit-apply");
		await settled();
		expect(status()).toMatch(/^Apply failed: .*disk full/);
		expect(q<HTMLButtonElement>(".assistant-edit-apply").disabled).toBe(false);
		expect(hunk(0).querySelector(".assistant-edit-hunk-toggles")).not.toBeNull();
		press(".assistant-edit-apply");
		await settled();
		expect(calls.applied).toEqual([[0], [0]]);
	});

	it("every control is a button with a label, so the card works from the keyboard", () => {
		const { el } = card({ kind: "stale", path: PROPOSAL.path });
		const buttons = Array.from(el.querySelectorAll("button"));
		expect(buttons).toHaveLength(2 * PROPOSAL.hunks.length + 3);
		for (const button of buttons) expect(button.getAttribute("aria-label")).toBeTruthy();
		expect(el.querySelector(".assistant-edit-accept")?.getAttribute("aria-label")).toBe("Accept the change at line 3");
	});

	it("reads in Chinese", () => {
		setLanguage("zh");
		const { q, press } = card({ kind: "stale", path: PROPOSAL.path });
		press(".assistant-edit-accept-all");
		expect(q(".assistant-edit-apply").textContent).toBe("应用 2 处修改");
		expect(q(".assistant-edit-hunk-line").textContent).toBe("第 3 行");
	});
});

describe("a proposal read back from a saved chat", () => {
	it("can no longer be applied: the card says so and offers to ask again about the note", () => {
		const asked: string[] = [];
		const el = renderSavedEditProposal(document.body, "Projects/Thesis.md", (path) => asked.push(path) > 0);
		expect(el.classList.contains("is-expired")).toBe(true);
		expect(el.querySelector(".assistant-edit-card-note")?.textContent).toBe("Thesis");
		expect(el.querySelector(".assistant-edit-card-status")?.textContent).toContain("can no longer be applied");
		expect(el.querySelector(".assistant-edit-apply")).toBeNull();
		el.querySelector<HTMLButtonElement>(".assistant-edit-ask-again")?.click();
		expect(asked).toEqual(["Projects/Thesis.md"]);
	});

	it("names no note when the saved call's path was cut short", () => {
		const el = renderSavedEditProposal(document.body, null, () => true);
		expect(el.querySelector(".assistant-edit-card-note")).toBeNull();
		expect(el.querySelector(".assistant-edit-ask-again")).toBeNull();
	});
});
