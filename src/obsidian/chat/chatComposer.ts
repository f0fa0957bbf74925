import type { App, Component, TFile } from "obsidian";
import type { PromptEntry } from "../../core/prompts";
import { t } from "../../i18n";
import type { AttachmentRef } from "../../core/agent/session/userAttachments";
import type { VaultView } from "../../core/vault/vaultView";
import { AttachmentChips } from "./attachmentChips";
import { MentionSuggest } from "./mentionSuggest";
import { NoteTitleSearch } from "./noteTitleSearch";
import { SelectionChip } from "./selectionChip";
import { PromptSuggest } from "./promptSuggest";

export interface ComposerActions {
	readonly send: (text: string, attachments: AttachmentRef[]) => void;
	readonly stop: () => void;
}

/**
 * Where the user writes: a toggle to include the current note, the selection attached to the
 * message (a chip, from the editor's commands), the text area (Enter sends, Shift+Enter adds a
 * line, `[[` suggests notes, `/` prompts) and one button that sends, or stops while a turn runs.
 */
export class ChatComposer {
	private readonly input: HTMLTextAreaElement;
	private readonly button: HTMLButtonElement;
	private readonly includeNote: HTMLInputElement;
	private readonly includeNoteLabel: HTMLElement;
	private readonly mentions: MentionSuggest;
	readonly selection: SelectionChip;
	private readonly promptSuggest: PromptSuggest;
	private readonly attachments: AttachmentChips;
	private busy = false;

	constructor(
		app: App,
		parent: HTMLElement,
		owner: Component,
		private readonly actions: ComposerActions,
		mentionable: (file: TFile) => boolean,
		prompts: () => readonly PromptEntry[],
		view: () => VaultView,
	) {
		const toggle = parent.createEl("label", { cls: "assistant-chat-include-note" });
		this.includeNote = toggle.createEl("input", { type: "checkbox" });
		this.includeNoteLabel = toggle.createSpan({ text: t("chat.include-note") });
		this.selection = new SelectionChip(parent, owner);
		const chips = parent.createDiv();
		const row = parent.createDiv({ cls: "assistant-chat-input-row" });
		this.input = row.createEl("textarea", {
			cls: "assistant-chat-input",
			attr: { rows: 3, placeholder: t("chat.placeholder") },
		});
		this.attachments = new AttachmentChips(app, chips, parent, owner, this.input, view);
		this.button = row.createEl("button", { cls: "assistant-chat-send mod-cta", text: t("chat.send") });
		this.mentions = new MentionSuggest(app, this.input, parent, owner, new NoteTitleSearch(app, owner, mentionable));
		this.promptSuggest = new PromptSuggest(this.input, parent, owner, prompts);
		owner.registerDomEvent(this.input, "keydown", (event) => {
			if (this.mentions.handleKey(event) || this.promptSuggest.handleKey(event)) return;
			if (event.key !== "Enter" || event.shiftKey || event.isComposing) return;
			event.preventDefault();
			this.submit();
		});
		owner.registerDomEvent(this.button, "click", () => (this.busy ? this.actions.stop() : this.submit()));
	}

	get includeCurrentNote(): boolean {
		return this.includeNote.checked;
	}

	/** While a turn runs, the button stops it. */
	setBusy(busy: boolean): void {
		this.busy = busy;
		this.button.setText(busy ? t("chat.stop") : t("chat.send"));
		this.button.toggleClass("mod-cta", !busy);
		this.button.toggleClass("mod-warning", busy);
	}

	/** The labels in the interface language, after it changed; what the user is writing stays. */
	relabel(): void {
		this.includeNoteLabel.setText(t("chat.include-note"));
		this.input.setAttr("placeholder", t("chat.placeholder"));
		this.selection.draw();
		this.setBusy(this.busy);
	}

	/** Begins the message with `text`, unless the user has begun writing one. */
	prefill(text: string): void {
		if (this.input.value.trim() === "") this.input.value = text;
		this.input.setSelectionRange(this.input.value.length, this.input.value.length);
	}

	focus(): void {
		this.input.focus();
	}

	private submit(): void {
		if (this.busy) return;
		const text = this.input.value;
		if (text.trim() === "") return;
		this.input.value = "";
		this.actions.send(text, this.attachments.take());
	}
}
