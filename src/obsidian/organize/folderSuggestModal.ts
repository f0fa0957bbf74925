import { FuzzySuggestModal, type App } from "obsidian";
import { t } from "../../i18n";

/** The vault root as the folder list shows it. */
export function folderLabel(folder: string): string {
	return folder === "" ? "/" : folder;
}

/** "Change folder": the vault's folders, typed to filter (typos forgiven, as Obsidian's quick switcher). */
export class FolderSuggestModal extends FuzzySuggestModal<string> {
	constructor(
		app: App,
		private readonly folders: readonly string[],
		private readonly onChoose: (folder: string) => void,
	) {
		super(app);
		this.setPlaceholder(t("organize.pick-folder"));
	}

	getItems(): string[] {
		return [...this.folders];
	}

	getItemText(folder: string): string {
		return folderLabel(folder);
	}

	onChooseItem(folder: string): void {
		this.onChoose(folder);
	}
}
