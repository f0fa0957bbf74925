import { Modal, Setting, type App } from "obsidian";
import type { WorkspaceInspection } from "../../core/workspace/inspect";
import { t } from "../../i18n";
import { formatList } from "../localeFormat";
import { switchSteps, type SwitchStep } from "./folderSwitch";
import { FORM_CLASS } from "../formClass";

/**
 * Asks before the assistant folder changes: what the folder holds, what each choice will do, one
 * button per choice and Cancel. Nothing happens until a choice is clicked.
 */
export class FolderSwitchModal extends Modal {
	constructor(
		app: App,
		private readonly folder: string,
		private readonly inspection: WorkspaceInspection,
		private readonly choose: (step: SwitchStep) => void,
	) {
		super(app);
		this.modalEl.addClass(FORM_CLASS);
	}

	override onOpen(): void {
		const folder = folderName(this.folder);
		const paths = (entries: readonly { path: string }[]) => formatList(entries.map((entry) => entry.path));
		this.setTitle(t("folder-switch.title", { folder }));
		this.contentEl.createEl("p", {
			// A folder not there yet is one the switch creates, not an empty one.
			text: t(
				this.inspection.folderExists
					? `folder-switch.status.${this.inspection.status}`
					: "folder-switch.status.will-be-created",
				{
					folder,
					count: this.inspection.noteCount,
					present: paths(this.inspection.present),
					missing: paths(this.inspection.missing),
				},
			),
		});
		const steps = switchSteps(this.inspection.status);
		for (const step of steps)
			this.contentEl.createEl("p", { cls: "assistant-folder-switch-step", text: t(`folder-switch.explain.${step}`) });
		this.contentEl.createEl("p", { cls: "setting-item-description", text: t("folder-switch.safety") });
		const buttons = new Setting(this.contentEl);
		for (const [index, step] of steps.entries()) {
			buttons.addButton((button) => {
				button.setButtonText(t(`folder-switch.choose.${step}`)).onClick(() => {
					this.close();
					this.choose(step);
				});
				if (index === 0) button.setCta();
			});
		}
		buttons.addButton((button) => button.setButtonText(t("modal.cancel")).onClick(() => this.close()));
	}

	override onClose(): void {
		this.contentEl.empty();
	}
}

/** A folder as the user reads it: the vault root, which has no name of its own, as `/`. */
export function folderName(folder: string): string {
	return folder === "" ? "/" : folder;
}
