import { Modal, Setting, type App } from "obsidian";
import type { MovePlan } from "../../core/organize/organizeMove";
import { baseName, parentFolder } from "../../core/vault/paths";
import { t } from "../../i18n";
import { addConfirmRow } from "../confirmRow";
import type { CommandContext } from "../commandContext";
import { FolderSuggestModal } from "./folderSuggestModal";
import { changedReview, renderReview, staysPut, type NoteReview } from "./noteReview";
import { movableFolders, planInto } from "./organizeMoves";
import { FORM_CLASS } from "../formClass";

type Decision = "accept" | "skip";

interface Row {
	review: NoteReview;
	decision: Decision;
}

/**
 * "Organize inbox": every inbox note with its suggestion, in one list. Each is accepted, moved
 * elsewhere or skipped; nothing moves until the user applies the list. A note the rules could
 * not place starts skipped.
 */
export class OrganizeInboxModal extends Modal {
	private readonly rows: Row[];

	constructor(
		app: App,
		private readonly context: CommandContext,
		reviews: readonly NoteReview[],
		private readonly onApply: (plans: readonly MovePlan[]) => Promise<void>,
	) {
		super(app);
		this.rows = reviews.map((review) => ({ review, decision: staysPut(review) ? "skip" : "accept" }));
	}

	override onOpen(): void {
		this.modalEl.addClass(FORM_CLASS);
		this.setTitle(t("organize.inbox-title", { count: this.rows.length }));
		this.draw();
	}

	override onClose(): void {
		this.contentEl.empty();
	}

	private draw(): void {
		this.contentEl.empty();
		for (const row of this.rows) this.drawRow(row);
		const accepted = this.rows.filter((row) => row.decision === "accept").map((row) => row.review.plan);
		addConfirmRow(this, {
			label: t("organize.apply", { count: accepted.length }),
			disabled: accepted.length === 0,
			run: () => {
				this.close();
				return this.onApply(accepted);
			},
		});
	}

	private drawRow(row: Row): void {
		const setting = new Setting(this.contentEl)
			.setName(baseName(row.review.plan.from))
			.setClass("assistant-organize-row");
		setting.descEl.empty();
		// The decision in words, not only in the highlighted button: a colour alone says nothing to everyone.
		setting.descEl.createDiv({
			cls: "assistant-organize-decision",
			text:
				row.decision === "accept"
					? t("organize.decision.accept", { folder: folderLabel(row.review.plan.to) })
					: t("organize.decision.skip"),
		});
		renderReview(setting.descEl, row.review);
		setting
			.addButton((button) => {
				button.setButtonText(t("organize.accept")).onClick(() => this.decide(row, "accept"));
				button.setDisabled(staysPut(row.review));
				if (row.decision === "accept") button.setCta();
			})
			.addButton((button) => button.setButtonText(t("organize.change-folder")).onClick(() => this.changeFolder(row)))
			.addButton((button) => {
				button.setButtonText(t("organize.skip")).onClick(() => this.decide(row, "skip"));
				if (row.decision === "skip") button.setCta();
			});
	}

	private decide(row: Row, decision: Decision): void {
		row.decision = decision;
		this.draw();
	}

	private changeFolder(row: Row): void {
		new FolderSuggestModal(this.app, movableFolders(this.context), (folder) => {
			row.review = changedReview(planInto(this.context, row.review.plan.from, folder), row.review);
			row.decision = staysPut(row.review) ? "skip" : "accept";
			this.draw();
		}).open();
	}
}

/** The folder a note goes to, as the list says it (`/` for the vault root). */
function folderLabel(path: string): string {
	return parentFolder(path) || "/";
}
