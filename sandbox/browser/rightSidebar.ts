import type { View, WorkspaceLeaf } from "../obsidianApi/view";
import type { ShellLayout } from "./shellLayout";
import { addMoreOptions } from "./paneMenu";
import { makeKeyboardClickable, toggleSidebar } from "./shellLayout";

interface Tab {
	readonly leaf: WorkspaceLeaf;
	readonly header: HTMLElement;
	readonly content: HTMLElement;
}

/** The right sidebar's tabs: an icon per view in its header, one view shown at a time. */
export class RightSidebar {
	private tabs: Tab[] = [];

	constructor(private readonly layout: ShellLayout) {}

	/** Puts `view` in the sidebar (in place of what the leaf showed before); `active` shows it. */
	add(leaf: WorkspaceLeaf, view: View, active: boolean): void {
		this.remove(leaf);
		const content = leafContentOf(view);
		const tabHeader = this.layout.rightTabs.createDiv({
			cls: "workspace-tab-header clickable-icon",
			attr: {
				role: "tab",
				tabindex: 0,
				"aria-label": view.getDisplayText(),
				"data-icon": view.getIcon(),
				"data-type": view.getViewType(),
			},
		});
		tabHeader.addEventListener("click", () => this.show(leaf));
		makeKeyboardClickable(tabHeader);
		const leafEl = this.layout.rightLeaves.createDiv("workspace-leaf");
		leafEl.appendChild(content);
		this.tabs.push({ leaf, header: tabHeader, content: leafEl });
		if (active || this.tabs.length === 1) this.show(leaf);
		else leafEl.hide();
	}

	remove(leaf: WorkspaceLeaf): void {
		const tab = this.tabs.find((entry) => entry.leaf === leaf);
		if (tab === undefined) return;
		tab.header.detach();
		tab.content.detach();
		this.tabs = this.tabs.filter((entry) => entry !== tab);
		if (tab.header.hasClass("is-active") && this.tabs.length > 0) this.show(this.tabs[0].leaf);
	}

	/** Shows the leaf's tab, opening the sidebar if it was collapsed. */
	show(leaf: WorkspaceLeaf): void {
		toggleSidebar("right", true);
		for (const tab of this.tabs) {
			const shown = tab.leaf === leaf;
			tab.header.toggleClass("is-active", shown);
			tab.header.setAttr("aria-selected", shown);
			tab.content.toggle(shown);
		}
	}
}

/** A view's element as a leaf of Obsidian's shows it: typed, with its title in its header. */
export function leafContentOf(view: View): HTMLElement {
	const content = view.containerEl;
	content.addClass("workspace-leaf-content");
	content.setAttr("data-type", view.getViewType());
	const header = content.querySelector(".view-header");
	if (header !== null && header.querySelector(".view-header-title") === null) {
		header.prepend(createDiv({ cls: "view-header-title", text: view.getDisplayText() }));
	}
	if (header !== null) addMoreOptions(view, header);
	return content;
}
