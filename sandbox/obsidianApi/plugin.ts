import type { CliFlags, CliHandler, Command, HoverLinkSource, PluginManifest, SettingDefinitionItem } from "obsidian";
import { normalizeVaultPath } from "../../src/core/vault/paths";
import type { App } from "./app";
import { Component } from "./component";
import { requireDocument } from "./dom";
import type { ViewCreator } from "./view";

/**
 * Obsidian's `Plugin`. What it registers is kept for the test to inspect (`commands`,
 * `settingTabs`); `loadData`/`saveData` keep `data.json` in the adapter's hidden files, where
 * a second plugin instance on the same `App` finds it, as after a restart.
 */
export class Plugin extends Component {
	/** Obsidian's conventional settings store (1.13), which `PluginSettingTab` reads and writes. */
	settings?: unknown;
	readonly commands: Command[] = [];
	readonly settingTabs: PluginSettingTab[] = [];
	readonly statusBarItems: HTMLElement[] = [];
	readonly ribbonIcons: { icon: string; title: string; callback: (evt: MouseEvent) => unknown }[] = [];
	/** Handlers of Obsidian's command line (API 1.12.2), by command id, for the test to call. */
	readonly cliHandlers = new Map<string, { description: string; flags: CliFlags | null; handler: CliHandler }>();
	/** Views registered with the "Page preview" core plugin as sources of `hover-link`. */
	readonly hoverLinkSources = new Map<string, HoverLinkSource>();

	constructor(
		readonly app: App,
		readonly manifest: PluginManifest,
	) {
		super();
	}

	/** Obsidian prefixes the id with the plugin's id, which is why ids must not repeat it. */
	addCommand(command: Command): Command {
		command.id = `${this.manifest.id}:${command.id}`;
		this.commands.push(command);
		return command;
	}

	/** As Obsidian, takes the id the plugin gave, without the prefix `addCommand` put on it. */
	removeCommand(commandId: string): void {
		const id = `${this.manifest.id}:${commandId}`;
		const at = this.commands.findIndex((command) => command.id === id);
		if (at !== -1) this.commands.splice(at, 1);
	}

	addSettingTab(tab: PluginSettingTab): void {
		tab.update();
		this.settingTabs.push(tab);
	}

	/** A status bar item, removed when the plugin unloads, as Obsidian does. */
	addStatusBarItem(): HTMLElement {
		const item = requireDocument("A status bar item").createElement("div");
		item.addClass("status-bar-item");
		this.statusBarItems.push(item);
		this.register(() => {
			this.statusBarItems.splice(this.statusBarItems.indexOf(item), 1);
			item.detach();
		});
		return item;
	}

	/**
	 * A ribbon icon; the mock keeps it in `ribbonIcons` for the test to click. Its element is made
	 * only where there is a DOM, so that `onload` runs in Node as it does in Obsidian.
	 */
	addRibbonIcon(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
		this.ribbonIcons.push({ icon, title, callback });
		if (typeof document === "undefined") return {} as HTMLElement;
		const el = document.createElement("div");
		el.setAttr("aria-label", title);
		el.setAttr("data-icon", icon);
		el.addEventListener("click", callback);
		this.register(() => el.detach());
		return el;
	}

	registerView(type: string, creator: ViewCreator): void {
		this.app.viewRegistry.set(type, creator);
		this.register(() => this.app.viewRegistry.delete(type));
	}

	/** As Obsidian, refuses an id registered already. */
	registerCliHandler(command: string, description: string, flags: CliFlags | null, handler: CliHandler): void {
		if (this.cliHandlers.has(command)) throw new Error(`The CLI command ${command} is already registered.`);
		this.cliHandlers.set(command, { description, flags, handler });
	}

	registerHoverLinkSource(id: string, info: HoverLinkSource): void {
		this.hoverLinkSources.set(id, info);
	}

	async loadData(): Promise<unknown> {
		this.app.calls.record("plugin.loadData");
		const saved = this.app.vault.adapter.hidden.get(this.dataPath());
		return saved === undefined ? null : (JSON.parse(saved) as unknown);
	}

	async saveData(data: unknown): Promise<void> {
		this.app.calls.record("plugin.saveData");
		this.app.vault.adapter.hidden.set(this.dataPath(), JSON.stringify(data, null, 2));
	}

	protected dataPath(): string {
		const dir = this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`;
		return normalizeVaultPath(`${dir}/data.json`);
	}
}

/**
 * Obsidian's `PluginSettingTab`. Its element is made on first use, so `onload` needs no DOM.
 * Declarative settings (1.13) are kept, not drawn: a test reads `settingItems` and drives
 * `setControlValue` as a user's change would, which writes `plugin.settings` and saves it.
 */
export abstract class PluginSettingTab {
	icon = "";
	settingItems: SettingDefinitionItem[] = [];
	private container: HTMLElement | null = null;

	constructor(
		readonly app: App,
		readonly plugin: Plugin,
	) {}

	get containerEl(): HTMLElement {
		this.container ??= requireDocument("A settings tab").createElement("div");
		return this.container;
	}

	getSettingDefinitions(): SettingDefinitionItem[] {
		return [];
	}

	update(): void {
		this.settingItems = this.getSettingDefinitions();
	}

	getControlValue(key: string): unknown {
		return isRecord(this.plugin.settings) ? this.plugin.settings[key] : undefined;
	}

	async setControlValue(key: string, value: unknown): Promise<void> {
		const settings = isRecord(this.plugin.settings) ? this.plugin.settings : {};
		settings[key] = value;
		this.plugin.settings = settings;
		await this.plugin.saveData(settings);
	}

	/** The imperative way, which Obsidian calls only when there are no definitions. */
	display(): void {}

	hide(): void {
		this.containerEl.empty();
	}
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null;
}
