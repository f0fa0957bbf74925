import { Modal, Setting, type App } from "obsidian";
import type { ConsolidationProposal } from "../../core/memory/hotMemoryConsolidation";
import { lineDiff } from "../../core/text/lineDiff";
import { t, type MessageKey } from "../../i18n";
import { addConfirmRow } from "../confirmRow";
import { renderDiff } from "../diffView";
import { FORM_CLASS } from "../formClass";

/**
 * The proposed consolidation of `memory.md`: what would change, as a diff, and the proposed text,
 * which the user may edit (the diff follows). Nothing is written until they approve, and then
 * only the text as they left it.
 */
export class ConsolidationModal extends Modal {
	private approved: string;
	private diffEl: HTMLElement | null = null;

	constructor(
		app: App,
		private readonly proposal: ConsolidationProposal,
		private readonly onApprove: (approved: string) => Promise<void>,
	) {
		super(app);
		this.approved = proposal.proposed;
	}

	override onOpen(): void {
		this.modalEl.addClass(FORM_CLASS);
		this.setTitle(t("consolidation.title", { path: this.proposal.memoryPath }));
		const { contentEl } = this;
		contentEl.createEl("p", { text: t(authorNote(this.proposal)) });
		contentEl.createEl("p", { text: t("consolidation.kept") });
		const diffHolder = contentEl.createDiv("assistant-consolidation-diff");
		const showDiff = () => {
			this.diffEl?.remove();
			this.diffEl = renderDiff(diffHolder, lineDiff(this.proposal.current, this.approved));
		};
		showDiff();
		new Setting(contentEl).setName(t("consolidation.edit")).addTextArea((input) => {
			input.setValue(this.approved).onChange((value) => {
				this.approved = value;
				showDiff();
			});
			input.inputEl.addClass("assistant-consolidation-text");
			input.inputEl.rows = 12;
		});
		addConfirmRow(this, {
			label: t("consolidation.approve"),
			run: () => {
				this.close();
				return this.onApprove(this.approved);
			},
		});
	}

	override onClose(): void {
		this.contentEl.empty();
	}
}

/** Who made the proposal, and why the model did not when it could have. */
function authorNote(proposal: ConsolidationProposal): MessageKey {
	if (proposal.author === "model") return "consolidation.by-model";
	return proposal.namesPrivate ? "consolidation.names-private" : "consolidation.offline";
}
