import { Modal, Notice, Setting, type App } from "obsidian";
import { t } from "../../i18n";
import { commaList } from "../commaList";
import { addConfirmRow } from "../confirmRow";
import { FORM_CLASS } from "../formClass";

/** What "Save checkpoint" asks, in the `checkpoint` tool's own arguments. */
export interface CheckpointInput {
	readonly doing: string;
	readonly next_action: string;
	readonly notes?: string;
	readonly refs?: readonly string[];
}

/**
 * "Save checkpoint": what the user is doing and the next action (both needed), notes and
 * references; `draft` fills what is known already (the chat's offer at a checkpoint moment).
 */
export class CheckpointModal extends Modal {
	private doing = "";
	private next = "";
	private notes = "";
	private refs = "";

	constructor(
		app: App,
		private readonly onSave: (input: CheckpointInput) => Promise<void>,
		draft: { readonly doing: string } | null = null,
	) {
		super(app);
		this.doing = draft?.doing ?? "";
	}

	override onOpen(): void {
		this.modalEl.addClass(FORM_CLASS);
		this.setTitle(t("checkpoint.title"));
		const { contentEl } = this;
		new Setting(contentEl).setName(t("checkpoint.doing")).addText((input) => {
			input.setValue(this.doing).onChange((value) => (this.doing = value));
			input.inputEl.addClass("assistant-checkpoint-doing");
			if (this.doing === "") input.inputEl.focus();
		});
		new Setting(contentEl).setName(t("checkpoint.next")).addText((input) => {
			input.onChange((value) => (this.next = value));
			input.inputEl.addClass("assistant-checkpoint-next");
			// With what the user was doing filled in, the next action is what is left to write.
			if (this.doing !== "") input.inputEl.focus();
		});
		new Setting(contentEl).setName(t("checkpoint.notes")).addTextArea((input) => {
			input.onChange((value) => (this.notes = value));
			input.inputEl.addClass("assistant-checkpoint-notes");
		});
		new Setting(contentEl)
			.setName(t("checkpoint.refs"))
			.setDesc(t("checkpoint.refs-desc"))
			.addText((input) => {
				input.onChange((value) => (this.refs = value));
				input.inputEl.addClass("assistant-checkpoint-refs");
			});
		addConfirmRow(this, { label: t("checkpoint.save"), run: () => this.save() });
	}

	override onClose(): void {
		this.contentEl.empty();
	}

	private async save(): Promise<void> {
		if (this.doing.trim() === "" || this.next.trim() === "") {
			new Notice(t("checkpoint.needs-both"));
			return;
		}
		this.close();
		const refs = commaList(this.refs);
		await this.onSave({
			doing: this.doing,
			next_action: this.next,
			...(this.notes.trim() === "" ? {} : { notes: this.notes }),
			...(refs.length === 0 ? {} : { refs }),
		});
	}
}
