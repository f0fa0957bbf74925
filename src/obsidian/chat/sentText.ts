import { t } from "../../i18n";

/**
 * Under a prompt's `/name` in the chat, the text that was sent, folded: a prompt filled with a
 * whole note would bury the conversation, yet the user can always see what the model was given.
 */
export function showSentText(bubble: HTMLElement, text: string): void {
	const details = bubble.createEl("details", { cls: "assistant-chat-sent-text" });
	details.createEl("summary", { text: t("prompts.sent-text") });
	details.createDiv({ cls: "assistant-chat-sent-text-body", text });
}
