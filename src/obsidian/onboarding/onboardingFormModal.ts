import { Modal, Setting, type App } from "obsidian";
import {
	DAILY_MEMORY_CHOICES,
	ONBOARDING_QUESTIONS,
	ONBOARDING_TOPICS,
	type DailyMemoryChoice,
	type OnboardingAnswers,
	type QuestionField,
	type TextAnswer,
} from "../../core/onboarding";
import { assertContained, type ContainmentPolicy } from "../../core/vault/containment";
import { t } from "../../i18n";
import { describeError } from "../describeError";
import { FORM_CLASS } from "../formClass";

/** What the form starts from: the folder choices as they are now, and the answers the identity files already hold. */
export interface CurrentPlaces {
	readonly inboxFolder: string;
	readonly dailyMemory: DailyMemoryChoice;
	readonly written: Readonly<Partial<Record<TextAnswer, string>>>;
}

/**
 * "Fill in a form": the onboarding questions by topic, no model needed, filled in with what
 * onboarding wrote before. Review hands the answers on (nothing is written here), those the
 * form does not ask for included, so a review after a conversation loses none of them; an
 * unanswered question is left out, and a folder choice left as it was is no change.
 */
export class OnboardingFormModal extends Modal {
	private readonly text: Partial<Record<TextAnswer, string>>;
	private inboxFolder: string;
	private dailyMemory: DailyMemoryChoice;

	constructor(
		app: App,
		private readonly current: CurrentPlaces,
		private readonly policy: ContainmentPolicy,
		private readonly review: (answers: OnboardingAnswers) => void,
	) {
		super(app);
		this.modalEl.addClass(FORM_CLASS);
		this.text = { ...current.written };
		this.inboxFolder = current.inboxFolder;
		this.dailyMemory = current.dailyMemory;
	}

	override onOpen(): void {
		this.setTitle(t("onboarding.form.title"));
		const content = this.contentEl;
		content.createEl("p", { text: t("onboarding.form.intro") });
		for (const topic of ONBOARDING_TOPICS) {
			new Setting(content).setName(t(`onboarding.topic.${topic}`)).setHeading();
			for (const question of ONBOARDING_QUESTIONS.filter((candidate) => candidate.topic === topic)) {
				const row = new Setting(content)
					.setName(t(`onboarding.question.${question.id}`))
					.setDesc(t(`onboarding.question.${question.id}.hint`));
				if (question.fields.length === 1) this.addField(row, question.fields[0]);
				else for (const field of question.fields) this.addField(new Setting(content).setName(fieldLabel(field)), field);
			}
		}
		const problem = content.createDiv({ cls: "assistant-onboarding-problem" });
		problem.hide();
		new Setting(content).addButton((button) =>
			button
				.setButtonText(t("onboarding.form.review"))
				.setCta()
				.onClick(() => {
					const refused = this.folderProblem();
					if (refused !== null) {
						problem.setText(refused);
						problem.show();
						return;
					}
					this.close();
					this.review(this.answers());
				}),
		);
	}

	override onClose(): void {
		this.contentEl.empty();
	}

	private addField(row: Setting, field: QuestionField): void {
		switch (field.kind) {
			case "line":
				row.addText((input) => {
					input.inputEl.setAttr("data-answer", field.answer);
					input.setValue(this.text[field.answer] ?? "").onChange((value) => (this.text[field.answer] = value));
				});
				return;
			case "paragraph":
				row.addTextArea((input) => {
					input.inputEl.setAttr("data-answer", field.answer);
					input.inputEl.rows = 3;
					input.setValue(this.text[field.answer] ?? "").onChange((value) => (this.text[field.answer] = value));
				});
				return;
			case "folder":
				row.addText((input) => {
					input.inputEl.setAttr("data-answer", field.answer);
					input.setValue(this.inboxFolder).onChange((value) => (this.inboxFolder = value));
				});
				return;
			case "choice":
				row.addDropdown((dropdown) => {
					dropdown.selectEl.setAttr("data-answer", field.answer);
					for (const choice of DAILY_MEMORY_CHOICES) dropdown.addOption(choice, t(`settings.daily-location.${choice}`));
					dropdown
						.setValue(this.dailyMemory)
						.onChange((value) => (this.dailyMemory = value === "daily-notes" ? "daily-notes" : "assistant-folder"));
				});
				return;
		}
	}

	private folderProblem(): string | null {
		const folder = this.inboxFolder.trim();
		if (folder === "" || folder === this.current.inboxFolder) return null;
		try {
			assertContained(folder, this.policy);
			return null;
		} catch (error) {
			return t("onboarding.form.folder-refused", { reason: describeError(error) });
		}
	}

	private answers(): OnboardingAnswers {
		const text = Object.fromEntries(Object.entries(this.text).filter(([, value]) => value.trim() !== "")) as Partial<
			Record<TextAnswer, string>
		>;
		const folder = this.inboxFolder.trim();
		return {
			text,
			inboxFolder: folder === "" || folder === this.current.inboxFolder ? null : folder,
			dailyMemory: this.dailyMemory === this.current.dailyMemory ? null : this.dailyMemory,
			other: [],
		};
	}
}

/** The name of a field that shares its question with another; only the folder choices do. */
function fieldLabel(field: QuestionField): string {
	return field.kind === "folder" || field.kind === "choice" ? t(`onboarding.field.${field.answer}`) : "";
}
