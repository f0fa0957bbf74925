/**
 * @jest-environment jsdom
 */
import "../../sandbox/obsidianApi";
import { lineDiff } from "../../src/core/text/lineDiff";
import { renderDiff } from "../../src/obsidian/diffView";
import { t } from "../../src/i18n";

describe("the diff view", () => {
	it("says when two texts were too far apart to compare line by line, before the lines it shows replaced", () => {
		const before = Array.from({ length: 3_000 }, (_, index) => `old ${index}`).join("\n");
		const after = Array.from({ length: 3_000 }, (_, index) => `new ${index}`).join("\n");
		const diff = renderDiff(document.body, lineDiff(before, after));
		const first = diff.querySelector(".assistant-chat-diff-line");
		expect(first?.textContent).toBe(t("diff.notCompared"));
		expect(diff.querySelectorAll(".assistant-chat-diff-line.is-removed")).toHaveLength(3_000);
	});
});
