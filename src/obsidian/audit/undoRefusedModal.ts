import { Modal, type App } from "obsidian";
import { t } from "../../i18n";
import { FORM_CLASS } from "../formClass";

/** Why an undo was refused, with both versions of the note: before the change, and as it is now. */
export class UndoRefusedModal extends Modal {
	constructor(
		app: App,
		private readonly refusal: {
			readonly path: string;
			readonly message: string;
			readonly previous: string;
			readonly current: string | null;
		},
	) {
		super(app);
	}

	override onOpen(): void {
		this.modalEl.addClass(FORM_CLASS);
		this.setTitle(t("audit.undo-refused-title", { path: this.refusal.path }));
		const { contentEl } = this;
		contentEl.createEl("p", { text: this.refusal.message });
		const versions = contentEl.createDiv("assistant-undo-versions");
		const version = (label: string, text: string, cls: string) => {
			const block = versions.createDiv(cls);
			block.createEl("h4", { text: label });
			block.createEl("pre", { text });
		};
		version(t("audit.version-before"), this.refusal.previous, "assistant-undo-before");
		version(t("audit.version-now"), this.refusal.current ?? t("audit.version-missing"), "assistant-undo-now");
	}

	override onClose(): void {
		this.contentEl.empty();
	}
}
