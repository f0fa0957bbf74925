import type { UndoableWrite, UndoOutcome } from "../../core/memory/undoWrite";
import { t } from "../../i18n";
import { describeError } from "../describeError";

/** Undoes a write of the assistant (`undoWrite`, as the user). */
export type UndoWrite = (write: UndoableWrite) => Promise<UndoOutcome>;

/**
 * The Undo of a write the chat announces, and the line beside it that says how it went: `el`
 * (the announcement) is marked undone once the note is back as it was.
 */
export function drawUndoButton(bar: HTMLElement, el: HTMLElement, write: UndoableWrite, undo: UndoWrite): void {
	const button = bar.createEl("button", { cls: "assistant-chat-undo", text: t("chat.undo") });
	const status = bar.createSpan({ cls: "assistant-chat-undo-status", attr: { role: "status" } });
	button.addEventListener("click", () => {
		button.disabled = true;
		void undo(write).then(
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
}
