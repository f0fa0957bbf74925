import type { DiffLine } from "../core/text/lineDiff";
import { t } from "../i18n";

const SIGN = { context: " ", removed: "-", added: "+" } as const;

/** A line diff, as the chat, the onboarding review and memory consolidation show it: unchanged runs folded into one line. */
export function renderDiff(parent: HTMLElement, lines: readonly DiffLine[]): HTMLElement {
	const diff = parent.createEl("pre", { cls: "assistant-chat-diff" });
	for (const line of lines) {
		if (line.kind === "gap")
			diff.createDiv({ cls: "assistant-chat-diff-line is-gap", text: t("diff.gap", { count: line.lines }) });
		else if (line.kind === "not-compared")
			diff.createDiv({ cls: "assistant-chat-diff-line is-gap", text: t("diff.notCompared") });
		else diff.createDiv({ cls: `assistant-chat-diff-line is-${line.kind}`, text: `${SIGN[line.kind]} ${line.text}` });
	}
	return diff;
}
