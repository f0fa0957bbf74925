import type { IdentityDiffDisplay } from "../../core/agent/tools/toolDisplay";
import { t } from "../../i18n";
import { lineDiff } from "../../core/text/lineDiff";
import { renderDiff } from "../diffView";
import { drawUndoButton, type UndoWrite } from "./undoButton";

/**
 * An identity file the assistant changed, announced in the chat (never silent): which file and
 * why, the lines added, and one button that puts the file back as it was, as long as the user
 * has not edited it since.
 */
export function renderIdentityChange(parent: HTMLElement, change: IdentityDiffDisplay, undo: UndoWrite): HTMLElement {
	const el = parent.createDiv({ cls: "assistant-chat-identity-change" });
	el.createDiv({
		cls: "assistant-chat-identity-reason",
		text: t("chat.identity.changed", { path: change.path, reason: change.reason }),
	});
	renderDiff(el, lineDiff(change.before, change.after, 1));
	drawUndoButton(el.createDiv({ cls: "assistant-chat-identity-actions" }), el, change.undo, undo);
	return el;
}
