import { Modal, type App } from "obsidian";
import { t } from "../../i18n";
import { FORM_CLASS } from "../formClass";

/** Asks for a chat's new title, the current one filled in; Enter or Save renames, Esc cancels. */
export class RenameChatModal extends Modal {
	constructor(
		app: App,
		private readonly title: string,
		private readonly rename: (title: string) => Promise<void>,
	) {
		super(app);
	}

	override onOpen(): void {
		this.modalEl.addClass(FORM_CLASS);
		this.setTitle(t("chat.history.rename-title"));
		const input = this.contentEl.createEl("input", {
			cls: "assistant-chat-rename-input",
			type: "text",
			value: this.title,
		});
		const save = this.contentEl
			.createDiv({ cls: "modal-button-container" })
			.createEl("button", { cls: "mod-cta", text: t("chat.history.save") });
		const submit = () => {
			const title = input.value.trim();
			if (title === "") return;
			this.close();
			void this.rename(title);
		};
		input.addEventListener("keydown", (event) => {
			if (event.key !== "Enter" || event.isComposing) return;
			event.preventDefault();
			submit();
		});
		save.addEventListener("click", submit);
		input.select();
	}

	override onClose(): void {
		this.contentEl.empty();
	}
}
