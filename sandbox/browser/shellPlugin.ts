import { Plugin as MockPlugin, PluginSettingTab as MockPluginSettingTab } from "../obsidianApi/plugin";
import { makeKeyboardClickable } from "./shellLayout";
import { ShellWorkspace } from "./shellWorkspace";
import { SettingsPage } from "./settingsPage";

/**
 * Obsidian's `Plugin` in the page: the mock's, with its ribbon icons and status bar items put
 * in the shell, and `data.json` written to the vault folder on disk as well, so a reload keeps
 * the settings.
 */
export class Plugin extends MockPlugin {
	override addRibbonIcon(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
		const el = super.addRibbonIcon(icon, title, callback);
		el.addClasses(["side-dock-ribbon-action", "clickable-icon"]);
		el.setAttrs({ role: "button", tabindex: 0 });
		makeKeyboardClickable(el);
		this.shell().layout.ribbon.appendChild(el);
		return el;
	}

	override addStatusBarItem(): HTMLElement {
		const item = super.addStatusBarItem();
		this.shell().layout.statusBar.appendChild(item);
		return item;
	}

	override async saveData(data: unknown): Promise<void> {
		await super.saveData(data);
		const path = this.dataPath();
		this.shell().server.write(path, this.app.vault.adapter.hidden.get(path) ?? "");
	}

	private shell(): ShellWorkspace {
		const workspace = this.app.workspace;
		if (!(workspace instanceof ShellWorkspace))
			throw new Error("The sandbox's plugin runs in the sandbox's workspace only.");
		return workspace;
	}
}

/**
 * Obsidian's `PluginSettingTab` in the page: its declared settings (1.13) drawn by
 * `SettingsPage` while the settings modal shows the tab, and drawn again on `update()`.
 */
export abstract class PluginSettingTab extends MockPluginSettingTab {
	private page: SettingsPage | null = null;

	/** Draws the tab into its element (the settings modal calls this when the tab is chosen). */
	show(): void {
		this.page?.teardown();
		this.page = new SettingsPage(this, this.containerEl);
		this.page.draw();
	}

	override update(): void {
		super.update();
		this.page?.draw();
	}

	/** Obsidian's `refreshDomState`: `visible` and `disabled` evaluated again, in place. */
	refreshDomState(): void {
		this.page?.refreshState();
	}

	override hide(): void {
		this.page?.teardown();
		this.page = null;
		super.hide();
	}
}
