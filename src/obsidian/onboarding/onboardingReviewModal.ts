import { Modal, Setting, type App } from "obsidian";
import type { FileChoice, FilePlan, OnboardingPlan } from "../../core/onboarding";
import type { IdentityRole } from "../../core/workspace/identity";
import { t } from "../../i18n";
import { addConfirmRow } from "../confirmRow";
import { renderDiff } from "../diffView";
import { FORM_CLASS } from "../formClass";

/**
 * The review before anything is written: each planned file with its state and what would be
 * written: a new file's whole text, and for a file that differs from the user's, the diff and a
 * choice (replace, or keep mine; for a file that only gains a section, add it or keep mine),
 * starting from what the plan proposes. Apply hands the files to replace on; closing the modal
 * writes nothing.
 */
export class OnboardingReviewModal extends Modal {
	private readonly choices = new Map<IdentityRole, FileChoice>();

	constructor(
		app: App,
		private readonly plan: OnboardingPlan,
		private readonly archiveFolder: string,
		private readonly apply: (replace: ReadonlySet<IdentityRole>) => Promise<void>,
	) {
		super(app);
		this.modalEl.addClass(FORM_CLASS);
	}

	override onOpen(): void {
		this.setTitle(t("onboarding.review.title"));
		const content = this.contentEl;
		content.createEl("p", { text: t("onboarding.review.intro", { folder: this.archiveFolder }) });
		for (const file of this.plan.files) this.showFile(content, file);
		this.showSettings(content);
		addConfirmRow(this, {
			label: t("onboarding.review.apply"),
			run: async (button) => {
				button.setDisabled(true);
				const replace = new Set([...this.choices].filter(([, choice]) => choice === "replace").map(([role]) => role));
				await this.apply(replace);
				this.close();
			},
		});
	}

	override onClose(): void {
		this.contentEl.empty();
	}

	private showFile(parent: HTMLElement, file: FilePlan): void {
		const el = parent.createDiv({ cls: "assistant-onboarding-file" });
		el.setAttr("data-path", file.path);
		const row = new Setting(el).setName(file.path).setDesc(t(`onboarding.review.state.${file.state}`));
		if (file.state === "new") {
			el.createEl("pre", {
				cls: "assistant-onboarding-preview",
				text: file.planned,
				attr: { tabindex: 0, "aria-label": t("onboarding.review.preview", { path: file.path }) },
			});
			return;
		}
		if (file.state !== "changed") return;
		this.choices.set(file.role, file.proposed);
		row.addDropdown((dropdown) =>
			dropdown
				.addOption("replace", t(file.addsOnly ? "onboarding.review.add" : "onboarding.review.replace"))
				.addOption("keep", t("onboarding.review.keep"))
				.setValue(file.proposed)
				.onChange((value) => this.choices.set(file.role, value === "replace" ? "replace" : "keep")),
		);
		renderDiff(el, file.diff);
	}

	private showSettings(parent: HTMLElement): void {
		const { inboxFolder, dailyMemoryLocation } = this.plan.settings;
		const changes = [
			...(inboxFolder === undefined ? [] : [t("onboarding.review.setting.inbox", { folder: inboxFolder })]),
			...(dailyMemoryLocation === undefined
				? []
				: [`${t("onboarding.field.dailyMemory")}: ${t(`settings.daily-location.${dailyMemoryLocation}`)}`]),
		];
		if (changes.length === 0) return;
		new Setting(parent).setName(t("onboarding.review.settings")).setDesc(changes.join(" · "));
	}
}
