import type { Component } from "obsidian";
import { staleChatFolder, type ChatHome } from "../../core/agent/session/staleChat";
import type { Checkpoint } from "../../core/workspace/data/state";
import { layoutFor } from "../../core/workspace/layout";
import { t } from "../../i18n";

/**
 * The chat pane's banners, each drawn into its own element of the pane: what went wrong with the
 * last answer, where the work stood (the resume banner), and a chat begun in an assistant folder
 * the user has switched away from. Each redraws its element whole; `owner` ties the buttons'
 * listeners to the pane.
 */

/** A failed answer's message, with Retry when asking again can mend it (`onRetry`). */
export function drawErrorBanner(
	el: HTMLElement,
	owner: Component,
	message: string,
	onRetry: (() => void) | null,
): void {
	el.empty();
	el.createSpan({ cls: "assistant-chat-error-text", text: message });
	if (onRetry !== null) {
		const button = el.createEl("button", { cls: "assistant-chat-error-retry", text: t("chat.retry") });
		owner.registerDomEvent(button, "click", onRetry);
	}
	el.show();
}

/** The last checkpoint, with Resume (`onResume`) and Dismiss; hidden when there is none. */
export function drawResumeBanner(
	el: HTMLElement,
	owner: Component,
	checkpoint: Checkpoint | null,
	onResume: (checkpoint: Checkpoint) => void,
): void {
	el.empty();
	if (checkpoint === null) {
		el.hide();
		return;
	}
	el.createSpan({ text: t("chat.resume", { doing: checkpoint.doing, next: checkpoint.nextAction }) });
	const resume = el.createEl("button", { cls: "assistant-chat-resume-go mod-cta", text: t("chat.resume-button") });
	owner.registerDomEvent(resume, "click", () => onResume(checkpoint));
	const dismiss = el.createEl("button", { cls: "assistant-chat-resume-dismiss", text: t("chat.dismiss") });
	owner.registerDomEvent(dismiss, "click", () => el.hide());
	el.show();
}

/** A chat begun in the assistant folder the user switched away from says so, and offers a new chat in the new one. */
export function drawStaleBanner(
	el: HTMLElement,
	owner: Component,
	home: ChatHome,
	currentFolder: string,
	onNewChat: () => void,
): void {
	el.empty();
	const old = staleChatFolder(home, currentFolder);
	el.toggle(old !== null);
	if (old === null) return;
	// The vault root as Obsidian's folder pickers name it.
	const folderName = (folder: string) => (layoutFor(folder).root === "" ? "/" : layoutFor(folder).root);
	el.createSpan({ text: t("chat.stale", { old: folderName(old), current: folderName(currentFolder) }) });
	const button = el.createEl("button", { cls: "mod-cta", text: t("chat.stale.new-chat") });
	owner.registerDomEvent(button, "click", onNewChat);
}
