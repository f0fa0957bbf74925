import { Setting, type ButtonComponent, type Modal } from "obsidian";
import { t } from "../i18n";

/** The modal's action: the highlighted last button. */
export interface ConfirmAction {
	readonly label: string;
	readonly disabled?: boolean;
	/** Given the button, so that an action that takes a while can disable it meanwhile. */
	readonly run: (button: ButtonComponent) => unknown;
}

/** Another choice, between Cancel and the action. */
export interface OtherChoice {
	readonly label: string;
	readonly run: () => void;
}

/**
 * The row a modal that asks for a decision ends with: Cancel, which closes it, any other choices,
 * then the action. One place, so that every modal offers them in the same order and words.
 */
export function addConfirmRow(modal: Modal, action: ConfirmAction, others: readonly OtherChoice[] = []): Setting {
	const row = new Setting(modal.contentEl).addButton((button) =>
		button.setButtonText(t("modal.cancel")).onClick(() => modal.close()),
	);
	for (const other of others) row.addButton((button) => button.setButtonText(other.label).onClick(other.run));
	return row.addButton((button) =>
		button
			.setButtonText(action.label)
			.setCta()
			.setDisabled(action.disabled ?? false)
			.onClick(() => void action.run(button)),
	);
}
