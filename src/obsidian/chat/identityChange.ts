import type { IdentityDiffDisplay } from "../../core/agent/tools/toolDisplay";
import type { UndoableWrite, UndoOutcome } from "../../core/memory/undoWrite";
import { t } from "../../i18n";
import { describeError } from "../describeError";
import { lineDiff } from "../../core/text/lineDiff";
import { renderDiff } from "../diffView";

/** Undoes a write of the assistant (`undoWrite`, as the user). */
export type UndoIdentityChange = (write: UndoableWrite) => Promise<UndoOutcome>;

/**
 * An identity file the assistant changed, announced in the chat (never silent): which file and
 * why, the lines added, and one button that puts the file back as it was, as long as the user
 * has not edited it since.
 */
export function renderIdentityChange(
	parent: HTMLElement,
	change: IdentityDiffDisplay,
	undo: UndoIdentityChange,
): HTMLElement {
	const el = parent.createDiv({ cls: "assistant-chat-identity-change" });
	el.createDiv({
		cls: "assistant-chat-identity-reason",
		text: t("chat.identity.changed", { path: change.path, reason: change.reason }),
	});
	renderDiff(el, lineDiff(change.before, change.after, 1));
	const bar = el.createDiv({ cls: "assistant-chat-identity-actions" });
	const button = bar.createEl("button", { cls: "assistant-chat-undo", text: t("chat.undo") });
	const status = bar.createSpan({ cls: "assistant-chat-undo-status" });
	button.addEventListener("click", () => {
		button.disabled = true;
		void undo(change.undo).then(
			(outcome) => {
				if (outcome.kind === "restored") {
					el.addClass("is-undone");
					status.setText(t("chat.undone", { path: outcome.path }));
					return;
				}
				status.setText(t(`chat.undo.${outcome.refusal}`));
				// The user may put their edit aside and try again; the other refusals are final.
				button.disabled = outcome.refusal !== "changed-since";
			},
			(error: unknown) => {
				status.setText(t("chat.undo-failed", { error: describeError(error) }));
				button.disabled = false;
			},
		);
	});
	return el;
}
