import { Notice, type App } from "obsidian";
import { baseName } from "../core/vault/paths";

/** Opens a note of the vault in the current tab; nothing when it is gone. */
export async function openNote(app: App, path: string): Promise<void> {
	const file = app.vault.getFileByPath(path);
	if (file !== null) await app.workspace.getLeaf(false).openFile(file);
}

/** A notice that names the note a command wrote, as a link that opens it. */
export function noticeWithNote(app: App, message: string, path: string): Notice {
	const fragment = createFragment((parent) => {
		parent.appendText(`${message} `);
		const link = parent.createEl("a", { text: baseName(path), cls: "internal-link", attr: { "data-href": path, href: path } });
		link.addEventListener("click", (evt) => {
			evt.preventDefault();
			void openNote(app, path);
		});
	});
	return new Notice(fragment);
}
