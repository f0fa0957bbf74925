import type { App } from "../obsidianApi/app";
import { Modal } from "../obsidianApi/modal";
import { makeKeyboardClickable } from "./shellLayout";
import type { PluginSettingTab } from "./shellPlugin";

export interface SettingsEntry {
	readonly id: string;
	readonly name: string;
	readonly tab: PluginSettingTab;
}

/** Obsidian's settings: the tabs of the plugins listed on the left, the chosen one drawn on the right. */
export class SettingsModal extends Modal {
	private shown: PluginSettingTab | null = null;
	private entries: readonly SettingsEntry[] = [];
	private items: HTMLElement[] = [];
	private content: HTMLElement | null = null;

	constructor(
		app: App,
		private readonly tabs: () => readonly SettingsEntry[],
	) {
		super(app);
		this.modalEl.addClass("mod-settings");
	}

	override open(): void {
		// Opening the settings again while they are open leaves them as they are, as in Obsidian.
		if (!this.isOpen) super.open();
	}

	override onOpen(): void {
		this.titleEl.detach();
		const nav = this.contentEl.createDiv({
			cls: "vertical-tab-header",
			attr: { role: "tablist", "aria-label": "Settings" },
		});
		nav.createDiv({ cls: "vertical-tab-header-group-title", text: "Community plugins" });
		const content = this.contentEl.createDiv("vertical-tab-content-container");
		this.content = content;
		this.entries = this.tabs();
		const items = this.entries.map((entry) => {
			const item = nav.createDiv({
				cls: "vertical-tab-nav-item",
				text: entry.name,
				attr: { role: "tab", tabindex: 0 },
			});
			item.addEventListener("click", () => this.show(entry, content, items, item));
			makeKeyboardClickable(item);
			return item;
		});
		this.items = items;
		if (this.entries.length > 0) this.show(this.entries[0], content, items, items[0]);
	}

	/** Shows the tab of the plugin `id` (Obsidian's `app.setting.openTabById`). */
	openTabById(id: string): void {
		const at = this.entries.findIndex((entry) => entry.id === id);
		if (at === -1 || this.content === null || this.shown === this.entries[at].tab) return;
		this.show(this.entries[at], this.content, this.items, this.items[at]);
	}

	override onClose(): void {
		this.shown?.hide();
		this.shown = null;
		this.contentEl.empty();
	}

	private show(entry: SettingsEntry, content: HTMLElement, items: readonly HTMLElement[], item: HTMLElement): void {
		this.shown?.hide();
		for (const other of items) {
			other.toggleClass("is-active", other === item);
			other.setAttr("aria-selected", other === item);
		}
		content.empty();
		content.appendChild(entry.tab.containerEl);
		entry.tab.show();
		this.shown = entry.tab;
	}
}
