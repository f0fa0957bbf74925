import type { App } from "../obsidianApi/app";
import type { TFile } from "../obsidianApi/files";
import { WorkspaceLeaf, type View } from "../obsidianApi/view";
import { leafContentOf } from "./rightSidebar";
import { iconButton, makeKeyboardClickable, type ShellLayout } from "./shellLayout";

interface Tab {
	/** `null` for the note pane, the first tab. */
	readonly leaf: WorkspaceLeaf | null;
	readonly header: HTMLElement;
	readonly content: HTMLElement;
}

/**
 * The tabs of the main area: the note pane first, then every view opened in a new tab
 * (`getLeaf("tab")`), one shown at a time, each with its header and a close button. The tab bar
 * appears once there is more than the note pane, so the workspace looks as before until then.
 */
export class MainTabs {
	private readonly bar: HTMLElement;
	private tabs: Tab[] = [];

	constructor(private readonly layout: ShellLayout) {
		this.bar = createDiv({ cls: "workspace-tab-header-container mod-main-tabs", attr: { role: "tablist" } });
		layout.rootSplit.prepend(this.bar);
		const header = this.tabHeader(layout.noteTitle.getText(), () => this.show(null));
		this.tabs.push({ leaf: null, header, content: layout.noteLeaf });
		this.refresh();
	}

	/** Shows the note pane's tab, named after the note it shows. */
	showNote(file: TFile): void {
		this.tabs[0].header.querySelector(".workspace-tab-header-inner-title")?.setText(file.basename);
		this.show(null);
	}

	add(leaf: WorkspaceLeaf, view: View, active: boolean): void {
		this.remove(leaf);
		const content = this.layout.rootSplit.createDiv("workspace-leaf");
		content.appendChild(leafContentOf(view));
		const header = this.tabHeader(
			view.getDisplayText(),
			() => this.show(leaf),
			() => void leaf.detach(),
		);
		header.setAttr("data-type", view.getViewType());
		this.tabs.push({ leaf, header, content });
		if (active) this.show(leaf);
		else content.hide();
		this.refresh();
	}

	remove(leaf: WorkspaceLeaf): void {
		const tab = this.tabs.find((entry) => entry.leaf === leaf);
		if (tab === undefined) return;
		const wasShown = tab.header.hasClass("is-active");
		tab.header.detach();
		tab.content.detach();
		this.tabs = this.tabs.filter((entry) => entry !== tab);
		if (wasShown) this.show(this.tabs[this.tabs.length - 1].leaf);
		this.refresh();
	}

	show(leaf: WorkspaceLeaf | null): void {
		for (const tab of this.tabs) {
			const shown = tab.leaf === leaf;
			tab.header.toggleClass("is-active", shown);
			tab.header.setAttr("aria-selected", shown);
			tab.content.toggle(shown);
		}
	}

	private refresh(): void {
		this.bar.toggle(this.tabs.length > 1);
	}

	private tabHeader(title: string, onShow: () => void, onClose?: () => void): HTMLElement {
		const header = this.bar.createDiv({
			cls: "workspace-tab-header",
			attr: { role: "tab", tabindex: 0, "aria-label": title },
		});
		header.createDiv({ cls: "workspace-tab-header-inner-title", text: title });
		header.addEventListener("click", onShow);
		makeKeyboardClickable(header);
		if (onClose !== undefined) {
			iconButton(
				header,
				"x",
				"Close",
				onClose,
				"workspace-tab-header-inner-close-button clickable-icon",
			).addEventListener("click", (evt) => evt.stopPropagation());
		}
		return header;
	}
}

/** A tab of the main area opened for a view; a note opened in it goes to the note pane, the sandbox's one editor. */
export class TabLeaf extends WorkspaceLeaf {
	constructor(
		app: App,
		private readonly tabs: MainTabs,
		private readonly notePane: () => WorkspaceLeaf,
	) {
		super(app);
	}

	override async setViewState(state: { type: string; active?: boolean }): Promise<void> {
		await super.setViewState(state);
		if (this.view !== null) this.tabs.add(this, this.view, state.active === true);
	}

	override async openFile(file: TFile, openState: { eState?: Record<string, unknown> } = {}): Promise<void> {
		await this.notePane().openFile(file, openState);
	}

	override async detach(): Promise<void> {
		this.tabs.remove(this);
		await super.detach();
	}
}
