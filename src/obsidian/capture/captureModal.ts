import { Modal, Notice, Setting, type App } from "obsidian";
import { t } from "../../i18n";
import { commaList } from "../commaList";
import { addConfirmRow } from "../confirmRow";
import { FORM_CLASS } from "../formClass";

/** What the user typed into the capture form. */
export interface CaptureInput {
	readonly title: string;
	readonly text: string;
	readonly tags: readonly string[];
}

/**
 * "Capture to inbox": a title, the text and optional tags, comma-separated. Capturing needs
 * text; a note without a title is named "Untitled" (with the date, as every capture).
 */
export class CaptureModal extends Modal {
	private title = "";
	private text = "";
	private tags = "";

	constructor(
		app: App,
		private readonly onCapture: (input: CaptureInput) => Promise<void>,
	) {
		super(app);
	}

	override onOpen(): void {
		this.modalEl.addClass(FORM_CLASS);
		this.setTitle(t("capture.title"));
		const { contentEl } = this;
		new Setting(contentEl).setName(t("capture.field.title")).addText((input) => {
			input.setValue(this.title).onChange((value) => (this.title = value));
			input.inputEl.addClass("assistant-capture-title");
			input.inputEl.focus();
		});
		new Setting(contentEl).setName(t("capture.field.text")).addTextArea((input) => {
			input.setValue(this.text).onChange((value) => (this.text = value));
			input.inputEl.addClass("assistant-capture-text");
			input.inputEl.rows = 8;
		});
		new Setting(contentEl)
			.setName(t("capture.field.tags"))
			.setDesc(t("capture.field.tags-desc"))
			.addText((input) => {
				input.onChange((value) => (this.tags = value));
				input.inputEl.addClass("assistant-capture-tags");
			});
		addConfirmRow(this, { label: t("capture.submit"), run: () => this.submit() });
	}

	override onClose(): void {
		this.contentEl.empty();
	}

	private async submit(): Promise<void> {
		if (this.text.trim() === "") {
			new Notice(t("capture.needs-text"));
			return;
		}
		this.close();
		const tags = commaList(this.tags);
		await this.onCapture({ title: this.title.trim(), text: this.text, tags });
	}
}
