import type { Component } from "obsidian";
import type { CheckpointReason } from "../../core/agent/session/checkpointMoments";
import { t } from "../../i18n";

/**
 * The row under an answer at a checkpoint moment whose turn saved no checkpoint (always so
 * without a model): why now, a button that opens the checkpoint form already filled with what the
 * user was doing, and one that lets the moment pass. Either button removes the row.
 */
export function showCheckpointOffer(
	answerEl: HTMLElement,
	owner: Component,
	reason: CheckpointReason,
	save: () => void,
): void {
	const row = createDiv({ cls: "assistant-chat-checkpoint-offer" });
	row.createSpan({ text: t(`checkpoint.offer.${reason}`) });
	const saveButton = row.createEl("button", { cls: "mod-cta", text: t("checkpoint.offer.save") });
	const dismiss = row.createEl("button", { text: t("checkpoint.offer.dismiss") });
	owner.registerDomEvent(saveButton, "click", () => {
		row.remove();
		save();
	});
	owner.registerDomEvent(dismiss, "click", () => row.remove());
	answerEl.after(row);
}
