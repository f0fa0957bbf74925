import type { App } from "./app";
import { Component } from "./component";
import { requireDocument } from "./dom";
import { Editor } from "./editor";
import type { Menu } from "./menu";
import type { TFile } from "./files";

export type ViewCreator = (leaf: WorkspaceLeaf) => View;

/** A pane of the workspace. `setViewState` opens the registered view in it, as Obsidian does. */
export class WorkspaceLeaf {
	view: View | null = null;
	/** The note `openFile` opened here, and how (`eState.line` puts the cursor on a line). */
	file: TFile | null = null;
	openState: { eState?: Record<string, unknown> } | null = null;

	constructor(readonly app: App) {}

	/** Opens a note in the leaf; the workspace reports it (`file-open`), as Obsidian does. */
	async openFile(file: TFile, openState: { eState?: Record<string, unknown> } = {}): Promise<void> {
		this.file = file;
		this.openState = openState;
		this.app.workspace.activeFile = file;
		this.app.workspace.trigger("file-open", file);
	}

	async setViewState(state: { type: string; active?: boolean }): Promise<void> {
		await this.closeView();
		const creator = this.app.viewRegistry.get(state.type);
		if (!creator) throw new Error(`No view registered for type "${state.type}".`);
		this.view = creator(this);
		this.view.load();
		await this.view.open();
	}

	async detach(): Promise<void> {
		await this.closeView();
		this.app.workspace.removeLeaf(this);
	}

	protected async closeView(): Promise<void> {
		if (!this.view) return;
		await this.view.close();
		this.view.unload();
		this.view = null;
	}
}

/** Obsidian's `View`: `open`/`close` are what the leaf calls; subclasses implement `onOpen`/`onClose`. */
export abstract class View extends Component {
	readonly app: App;
	readonly containerEl: HTMLElement;
	icon = "";
	navigation = false;

	constructor(readonly leaf: WorkspaceLeaf) {
		super();
		this.app = leaf.app;
		this.containerEl = requireDocument("A view").createElement("div");
	}

	abstract getViewType(): string;
	abstract getDisplayText(): string;

	getIcon(): string {
		return this.icon;
	}

	/** What the view adds to its pane menu ("More options", or its tab's context menu). */
	onPaneMenu(menu: Menu, source: string): void {
		void menu;
		void source;
	}

	async open(): Promise<void> {
		await this.onOpen();
	}

	async close(): Promise<void> {
		await this.onClose();
	}

	protected async onOpen(): Promise<void> {}

	protected async onClose(): Promise<void> {}
}

/** Obsidian's `ItemView`: a header, then `contentEl` (`containerEl.children[1]`). */
export abstract class ItemView extends View {
	readonly contentEl: HTMLElement;

	constructor(leaf: WorkspaceLeaf) {
		super(leaf);
		this.containerEl.createDiv("view-header");
		this.contentEl = this.containerEl.createDiv("view-content");
	}

	addAction(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
		const header = this.containerEl.children[0];
		const action = header.createEl("a", { cls: "view-action", attr: { "aria-label": title, "data-icon": icon } });
		action.addEventListener("click", callback);
		return action;
	}
}

/**
 * Obsidian's `MarkdownView`: a note open in a tab, with its editor. `file` is the note it
 * shows; `getMode` says whether the note is edited (`source`) or read (`preview`).
 */
export class MarkdownView extends ItemView {
	file: TFile | null = null;
	editor: Editor = new Editor();

	getViewType(): string {
		return "markdown";
	}

	getDisplayText(): string {
		return this.file?.basename ?? "";
	}

	getMode(): "source" | "preview" {
		return "source";
	}
}
