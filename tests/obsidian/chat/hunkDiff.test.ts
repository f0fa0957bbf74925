/**
 * @jest-environment jsdom
 */
import "../../../sandbox/obsidianApi";
import type { EditHunk } from "../../../src/core/edits/editProposal";
import { setLanguage } from "../../../src/i18n";
import { drawHunkDiff } from "../../../src/obsidian/chat/hunkDiff";

function rows(before: string, after: string): string[] {
	const hunk: EditHunk = { id: 0, start: 0, end: before.length, before, after, line: 4 };
	const diff = drawHunkDiff(document.body.createDiv(), hunk);
	return Array.from(
		diff.children,
		(row) => `${row.className.replace("assistant-chat-diff-line ", "")}|${row.textContent}`,
	);
}

beforeEach(() => {
	setLanguage("en");
	document.body.empty();
});

describe("drawHunkDiff", () => {
	it("shows whole lines changed, a line break that ends both sides ending the line", () => {
		expect(rows("n = 12\n", "n = 24\n")).toEqual(["is-removed|4- n = 12", "is-added|4+ n = 24"]);
		expect(rows("", "- New line.\n")).toEqual(["is-added|4+ - New line."]);
	});

	it("shows a line break the change removes or adds, which joins a line with the next or splits one", () => {
		// `a` then joins the line after it: the card may not show that as no change at all.
		expect(rows("a\n", "a")).toEqual(["is-context|4  a", "is-removed|5- "]);
		expect(rows("a", "a\n")).toEqual(["is-context|4  a", "is-added|5+ "]);
	});

	it("says so when a change is of line endings only, which draws no changed line", () => {
		expect(rows("one\r\ntwo", "one\ntwo")).toEqual(["is-gap|Changes only line endings."]);
	});
});
