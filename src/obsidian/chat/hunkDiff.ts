import type { EditHunk } from "../../core/edits/editProposal";
import { lineDiff } from "../../core/text/lineDiff";
import { t } from "../../i18n";

const SIGN = { context: " ", removed: "-", added: "+" } as const;

/**
 * One hunk of a proposed edit as a compact diff: its removed lines in red, its added lines in
 * green, each with its line number in the note (the removed and unchanged ones as the note is
 * now, the added ones as it will be), lines the hunk leaves alone folded.
 */
export function drawHunkDiff(parent: HTMLElement, hunk: EditHunk): HTMLElement {
	const diff = parent.createEl("pre", { cls: "assistant-chat-diff assistant-edit-diff" });
	let oldLine = hunk.line;
	let newLine = hunk.line;
	// A line break only one side ends with joins a line with the next, or splits one: it is shown as a line.
	const whole = endsLine(hunk.before) === endsLine(hunk.after);
	const lines = whole
		? lineDiff(withoutLastBreak(hunk.before), withoutLastBreak(hunk.after), 1)
		: lineDiff(hunk.before, hunk.after, 1);
	// Line endings are no change to the diff; a hunk of nothing else is still said, never drawn empty.
	if (!lines.some((line) => line.kind === "removed" || line.kind === "added"))
		diff.createDiv({ cls: "assistant-chat-diff-line is-gap", text: t("edit.line-endings-only") });
	for (const line of lines) {
		if (line.kind === "gap" || line.kind === "not-compared") {
			const text = line.kind === "gap" ? t("diff.gap", { count: line.lines }) : t("diff.notCompared");
			diff.createDiv({ cls: "assistant-chat-diff-line is-gap", text });
			if (line.kind === "gap") [oldLine, newLine] = [oldLine + line.lines, newLine + line.lines];
			continue;
		}
		const number = line.kind === "added" ? newLine : oldLine;
		const row = diff.createDiv({ cls: `assistant-chat-diff-line is-${line.kind}` });
		row.createSpan({ cls: "assistant-edit-diff-number", text: String(number) });
		row.createSpan({ text: `${SIGN[line.kind]} ${line.text}` });
		if (line.kind !== "added") oldLine++;
		if (line.kind !== "removed") newLine++;
	}
	return diff;
}

/** Whether `text` is whole lines: empty, or ending with a line break. */
function endsLine(text: string): boolean {
	return text === "" || text.endsWith("\n");
}

/** A hunk that ends with a line break ends a line, and draws no empty line after it. */
function withoutLastBreak(text: string): string {
	return text.replace(/\r?\n$/, "");
}
