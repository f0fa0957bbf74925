import type { App } from "../obsidianApi/app";
import { TFile, TFolder } from "../obsidianApi/files";
import { makeKeyboardClickable } from "./shellLayout";

/** Past this many files, the explorer opens with its folders closed. */
const OPEN_FOLDERS_UP_TO = 1_000;

/**
 * The file explorer: the vault's folders and notes, folders first, drawn again whenever the
 * vault changes (a note the assistant wrote appears at once); the open note is marked. A small
 * vault opens with its folders open, so that its notes show at once; a large one with them
 * closed, as Obsidian opens a vault the first time, and a folder's contents are drawn when it is
 * first opened: Obsidian draws only what can be seen, and thousands of notes drawn in hidden
 * folders would be this page's cost, every garbage collection included, not the plugin's.
 */
export class FileExplorer {
	private scheduled = false;
	private readonly openByDefault: boolean;
	/** The folders the user opened or closed against the default, kept across redraws. */
	private readonly toggled = new Set<string>();

	constructor(
		private readonly app: App,
		private readonly el: HTMLElement,
	) {
		this.openByDefault = app.vault.getFiles().length <= OPEN_FOLDERS_UP_TO;
		for (const event of ["create", "delete", "rename"]) app.vault.on(event, () => this.redrawSoon());
		app.workspace.on("file-open", () => this.markActive());
		this.redraw();
	}

	private redrawSoon(): void {
		if (this.scheduled) return;
		this.scheduled = true;
		queueMicrotask(() => {
			this.scheduled = false;
			this.redraw();
		});
	}

	private redraw(): void {
		this.el.empty();
		this.drawChildren(this.app.vault.getRoot(), this.el);
		this.markActive();
	}

	private drawChildren(folder: TFolder, parent: HTMLElement): void {
		const children = [...folder.children].sort(
			(a, b) => Number(b instanceof TFolder) - Number(a instanceof TFolder) || a.name.localeCompare(b.name),
		);
		for (const child of children) {
			if (child instanceof TFolder) this.drawFolder(child, parent);
			else if (child instanceof TFile) this.drawFile(child, parent);
		}
	}

	private drawFolder(folder: TFolder, parent: HTMLElement): void {
		const item = parent.createDiv("tree-item nav-folder");
		const title = item.createDiv({
			cls: "tree-item-self nav-folder-title",
			text: folder.name,
			attr: { role: "treeitem", tabindex: 0, "data-path": folder.path },
		});
		const children = item.createDiv("tree-item-children nav-folder-children");
		let drawn = false;
		const show = (open: boolean) => {
			item.toggleClass("is-collapsed", !open);
			title.setAttr("aria-expanded", open);
			if (!open || drawn) return;
			drawn = true;
			this.drawChildren(folder, children);
		};
		title.addEventListener("click", () => {
			if (!this.toggled.delete(folder.path)) this.toggled.add(folder.path);
			show(item.hasClass("is-collapsed"));
			this.markActive();
		});
		makeKeyboardClickable(title);
		show(this.openByDefault !== this.toggled.has(folder.path));
	}

	private drawFile(file: TFile, parent: HTMLElement): void {
		const title = parent.createDiv("tree-item nav-file").createDiv({
			cls: "tree-item-self nav-file-title",
			attr: { role: "treeitem", tabindex: 0, "data-path": file.path },
		});
		title.createSpan({ cls: "nav-file-title-content", text: file.extension === "md" ? file.basename : file.name });
		title.addEventListener("click", () => void this.app.workspace.getLeaf().openFile(file));
		makeKeyboardClickable(title);
	}

	private markActive(): void {
		const active = this.app.workspace.getActiveFile()?.path;
		for (const title of Array.from(this.el.querySelectorAll<HTMLElement>(".nav-file-title")))
			title.toggleClass("is-active", title.getAttr("data-path") === active);
	}
}
