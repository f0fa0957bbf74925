import { Modal, type App } from "obsidian";
import type { VerifiedConfirmation } from "../../core/organize/organizeMove";
import { baseName } from "../../core/vault/paths";
import { t } from "../../i18n";
import { addConfirmRow } from "../confirmRow";
import { FORM_CLASS } from "../formClass";

/**
 * Asked before moves that would change notes marked verified (links Obsidian rewrites in them, or
 * the verified note itself moving): which notes, and an explicit "Move anyway". Cancel moves nothing.
 */
export class VerifiedMoveModal extends Modal {
	constructor(
		app: App,
		private readonly confirmation: VerifiedConfirmation,
		private readonly onConfirm: () => Promise<void>,
	) {
		super(app);
	}

	override onOpen(): void {
		this.modalEl.addClass(FORM_CLASS);
		const { notes, privateNotes } = this.confirmation;
		this.setTitle(t("organize.verified-title", { count: notes.length + privateNotes }));
		this.contentEl.createEl("p", { text: t("organize.verified-confirm") });
		const list = this.contentEl.createEl("ul", { cls: "assistant-organize-verified" });
		for (const path of notes) list.createEl("li", { text: baseName(path), attr: { title: path } });
		if (privateNotes > 0) list.createEl("li", { text: t("organize.verified-private", { count: privateNotes }) });
		addConfirmRow(this, {
			label: t("organize.move-anyway"),
			run: () => {
				this.close();
				return this.onConfirm();
			},
		});
	}

	override onClose(): void {
		this.contentEl.empty();
	}
}
