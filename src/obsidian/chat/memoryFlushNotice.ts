import { baseName } from "../../core/vault/paths";
import { t } from "../../i18n";

/**
 * A quiet line above the answer: before compacting a long conversation, the assistant saved
 * what was worth keeping to today's daily note, which the line links to (the pane follows its
 * `internal-link` as it does the answers' `[[links]]`).
 */
export function showMemoryFlush(answerEl: HTMLElement, dailyNotePath: string): void {
	const line = createDiv({ cls: "assistant-chat-memory-flush" });
	line.createSpan({ text: t("chat.memory-flushed") });
	line.appendText(" ");
	line.createEl("a", {
		cls: "internal-link",
		text: baseName(dailyNotePath),
		attr: { "data-href": dailyNotePath, href: dailyNotePath },
	});
	answerEl.before(line);
}
