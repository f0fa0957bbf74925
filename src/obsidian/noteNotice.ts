import { Notice, type App } from "obsidian";
import { baseName } from "../core/vault/paths";

/** Opens a note of the vault in the current tab; nothing when it is gone. */
export async function openNote(app: App, path: string): Promise<void> {
	const file = app.vault.getFileByPath(path);
	if (file !== null) await app.workspace.getLeaf(false).openFile(file);
}

/** A button of a notice: it closes the notice and does its action. */
export interface NoticeAction {
	readonly text: string;
	readonly tooltip: string;
	readonly run: () => void;
}

/** A notice that names the note a command wrote, as a link that opens it, with buttons for `actions`. */
export function noticeWithNote(app: App, message: string, path: string, actions: readonly NoticeAction[] = []): Notice {
	let notice: Notice | null = null;
	const fragment = createFragment((parent) => {
		parent.appendText(`${message} `);
		const link = parent.createEl("a", {
			text: baseName(path),
			cls: "internal-link",
			attr: { "data-href": path, href: path },
		});
		link.addEventListener("click", (evt) => {
			evt.preventDefault();
			void openNote(app, path);
		});
		for (const action of actions) {
			const button = parent.createEl("button", { text: action.text, attr: { title: action.tooltip } });
			button.addEventListener("click", (evt) => {
				evt.stopPropagation();
				notice?.hide();
				action.run();
			});
		}
	});
	notice = new Notice(fragment);
	return notice;
}
