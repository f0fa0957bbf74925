import { Notice } from "obsidian";
import type { Notifier } from "../../core/ports";
import { t } from "../../i18n";
import { windowScheduler } from "../retrieval/windowScheduler";
import type { ProgressDisplay, ProgressHost } from "./withProgress";

/**
 * Progress as an Obsidian notice that stays (duration 0) until the work ends: a line of text
 * that updates in place, and a Cancel button when the work can be cancelled.
 */
export class ProgressNotice implements ProgressDisplay {
	private notice: Notice | null = null;
	private textEl: HTMLElement | null = null;

	show(text: string, cancel: (() => void) | null): void {
		const fragment = createFragment((parent) => {
			this.textEl = parent.createSpan({ cls: "assistant-progress-text", text });
			if (cancel === null) return;
			const button = parent.createEl("button", { cls: "assistant-progress-cancel", text: t("progress.cancel") });
			button.addEventListener("click", (evt) => {
				// A click on a notice hides it; this one stays to say that the work is stopping.
				evt.stopPropagation();
				button.disabled = true;
				cancel();
			});
		});
		this.notice = new Notice(fragment, 0);
	}

	update(text: string): void {
		this.textEl?.setText(text);
	}

	close(): void {
		this.notice?.hide();
		this.notice = null;
	}
}

/** What a command of the plugin shows its progress with: a notice, the window's timers, the plugin's notices. */
export function noticeProgress(notifier: Notifier): ProgressHost {
	return { scheduler: windowScheduler, display: () => new ProgressNotice(), notifier };
}
