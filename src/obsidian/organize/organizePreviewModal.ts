import { Modal, type App } from "obsidian";
import type { MovePlan } from "../../core/organize/organizeMove";
import { baseName } from "../../core/vault/paths";
import { t } from "../../i18n";
import { addConfirmRow } from "../confirmRow";
import type { CommandContext } from "../commandContext";
import { FolderSuggestModal } from "./folderSuggestModal";
import { changedReview, renderReview, staysPut, type NoteReview } from "./noteReview";
import { movableFolders, planInto } from "./organizeMoves";
import { FORM_CLASS } from "../formClass";

/**
 * "Organize current note": the suggested folder, why, and the links that will follow; the user
 * moves it there, picks another folder, or leaves it where it is.
 */
export class OrganizePreviewModal extends Modal {
	constructor(
		app: App,
		private readonly context: CommandContext,
		private review: NoteReview,
		private readonly onAccept: (plan: MovePlan) => Promise<void>,
	) {
		super(app);
	}

	override onOpen(): void {
		this.modalEl.addClass(FORM_CLASS);
		this.setTitle(t("organize.preview-title", { note: baseName(this.review.plan.from) }));
		this.draw();
	}

	override onClose(): void {
		this.contentEl.empty();
	}

	private draw(): void {
		this.contentEl.empty();
		renderReview(this.contentEl.createDiv("assistant-organize-review"), this.review);
		addConfirmRow(
			this,
			{
				label: t("organize.move"),
				disabled: staysPut(this.review),
				run: () => {
					this.close();
					return this.onAccept(this.review.plan);
				},
			},
			[{ label: t("organize.change-folder"), run: () => this.changeFolder() }],
		);
	}

	private changeFolder(): void {
		new FolderSuggestModal(this.app, movableFolders(this.context), (folder) => {
			this.review = changedReview(planInto(this.context, this.review.plan.from, folder), this.review);
			this.draw();
		}).open();
	}
}
