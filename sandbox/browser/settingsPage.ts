import type {
	SettingControl,
	SettingDefinition,
	SettingDefinitionGroup,
	SettingDefinitionItem,
	SettingDefinitionPage,
} from "obsidian";
import type { App } from "../obsidianApi/app";
import { TFile, TFolder } from "../obsidianApi/files";
import type { PluginSettingTab } from "../obsidianApi/plugin";
import { DropdownComponent, Setting, TextAreaComponent, TextComponent, ToggleComponent } from "../obsidianApi/setting";
import { makeKeyboardClickable } from "./shellLayout";

type Predicate = boolean | (() => boolean) | undefined;
const holds = (predicate: Predicate, fallback: boolean) =>
	predicate === undefined ? fallback : typeof predicate === "function" ? predicate() : predicate;

/** An element whose `visible` and `disabled` are evaluated again on `refreshState`. */
interface Live {
	readonly el: HTMLElement;
	readonly visible: Predicate;
	readonly disabled?: Predicate;
	readonly setting?: Setting;
}

/**
 * Draws a settings tab's declared settings (Obsidian 1.13's `getSettingDefinitions`) as
 * Obsidian does: groups under headings, one row per setting with its control, its value read
 * with `getControlValue` and written with `setControlValue` once `validate` accepts it (its
 * message shown under the row otherwise, and on first draw for a stored value it refuses),
 * `render` rows drawn by the plugin and their cleanups run when the tab goes, pages opened in place.
 */
export class SettingsPage {
	private cleanups: (() => void)[] = [];
	private live: Live[] = [];
	/** The page opened within the tab, if any (drawn instead of the tab's own items). */
	private openPage: SettingDefinitionPage | null = null;

	constructor(
		private readonly tab: PluginSettingTab,
		private readonly containerEl: HTMLElement,
	) {}

	draw(): void {
		const scroll = this.containerEl.scrollTop;
		this.teardown();
		this.containerEl.empty();
		this.containerEl.addClass("vertical-tab-content");
		const items = this.openPage === null ? this.tab.settingItems : this.pageItems(this.openPage);
		for (const item of items) this.drawItem(item, this.containerEl);
		this.refreshState();
		this.containerEl.scrollTop = scroll;
	}

	refreshState(): void {
		for (const { el, visible, disabled, setting } of this.live) {
			el.toggle(holds(visible, true));
			if (setting !== undefined && disabled !== undefined) setting.setDisabled(holds(disabled, false));
		}
	}

	teardown(): void {
		for (const cleanup of this.cleanups.splice(0)) cleanup();
		this.live = [];
	}

	private pageItems(page: SettingDefinitionPage): SettingDefinitionItem[] {
		const back = new Setting(this.containerEl).setName(`‹ ${page.name}`).setHeading();
		back.settingEl.addClass("setting-page-back");
		back.settingEl.setAttrs({ role: "button", tabindex: 0 });
		back.settingEl.addEventListener("click", () => this.open(null));
		makeKeyboardClickable(back.settingEl);
		return page.items ?? [];
	}

	private open(page: SettingDefinitionPage | null): void {
		this.openPage = page;
		this.draw();
	}

	private drawItem(item: SettingDefinitionItem, parent: HTMLElement): void {
		if ("type" in item && item.type === "page") return this.drawPageLink(item, parent);
		if ("type" in item) return this.drawGroup(item, parent);
		this.drawDefinition(item, parent);
	}

	private drawGroup(group: SettingDefinitionGroup, parent: HTMLElement): void {
		const el = parent.createDiv({ cls: ["setting-group", group.cls ?? ""].join(" ").trim() });
		if (group.heading !== undefined) new Setting(el).setName(group.heading).setHeading();
		const list = el.createDiv("setting-items");
		for (const item of group.items ?? []) this.drawItem(item, list);
		this.live.push({ el, visible: group.visible });
	}

	private drawPageLink(page: SettingDefinitionPage, parent: HTMLElement): void {
		const setting = new Setting(parent).setName(page.name);
		if (page.desc !== undefined) setting.setDesc(page.desc);
		const value = typeof page.displayValue === "function" ? page.displayValue() : page.displayValue;
		if (value !== undefined) setting.controlEl.createSpan({ cls: "setting-page-value", text: value });
		setting.controlEl.createSpan({ cls: "setting-page-chevron", text: "›" });
		setting.settingEl.addClass("mod-page");
		setting.settingEl.setAttrs({ role: "button", tabindex: 0 });
		setting.settingEl.addEventListener("click", () => this.open(page));
		makeKeyboardClickable(setting.settingEl);
		this.live.push({ el: setting.settingEl, visible: page.visible });
	}

	private drawDefinition(definition: SettingDefinition, parent: HTMLElement): void {
		const setting = new Setting(parent).setName(definition.name);
		if (definition.desc !== undefined) setting.setDesc(definition.desc);
		if (definition.render !== undefined) {
			const cleanup = definition.render(setting as never, { listEl: parent } as never);
			if (typeof cleanup === "function") this.cleanups.push(cleanup);
			this.live.push({ el: setting.settingEl, visible: definition.visible });
		} else if (definition.action !== undefined) {
			const action = definition.action;
			const index = parent.children.length - 1;
			setting.settingEl.addClass("mod-clickable");
			setting.settingEl.setAttrs({ role: "button", tabindex: 0 });
			setting.settingEl.addEventListener("click", () => action(setting.settingEl, index));
			makeKeyboardClickable(setting.settingEl);
			this.live.push({ el: setting.settingEl, visible: definition.visible, disabled: definition.disabled, setting });
		} else if (definition.control !== undefined) {
			this.drawControl(setting, definition.control);
			this.live.push({
				el: setting.settingEl,
				visible: definition.visible,
				disabled: definition.control.disabled,
				setting,
			});
		} else {
			this.live.push({ el: setting.settingEl, visible: definition.visible });
		}
	}

	private drawControl(setting: Setting, control: SettingControl): void {
		const stored = this.tab.getControlValue(control.key);
		const current = stored ?? control.defaultValue;
		const messageEl = setting.infoEl.createDiv({ cls: "setting-item-validation", attr: { role: "alert" } });
		messageEl.hide();
		const check = async (value: unknown): Promise<boolean> => {
			const problem =
				control.validate === undefined
					? undefined
					: await (control.validate as (value: unknown) => string | void | Promise<string | void>)(value);
			const refused = typeof problem === "string" && problem !== "";
			messageEl.setText(refused ? problem : "");
			messageEl.toggle(refused);
			setting.settingEl.toggleClass("mod-invalid", refused);
			setting.controlEl.querySelector("input, textarea, select")?.setAttr("aria-invalid", refused);
			return !refused;
		};
		const commit = async (value: unknown): Promise<void> => {
			if (!(await check(value))) return;
			await this.tab.setControlValue(control.key, value);
			this.refreshState();
		};
		drawInput(setting, control, current, (value) => void commit(value), this.tab.app);
		if (stored !== undefined && stored !== null) void check(stored);
	}
}

/** The control of a setting, as its `type` asks, showing `current`; `changed` gets each new value. */
function drawInput(
	setting: Setting,
	control: SettingControl,
	current: unknown,
	changed: (value: unknown) => void,
	app: App,
): void {
	switch (control.type) {
		case "toggle":
			setting.addToggle((toggle: ToggleComponent) => {
				toggle.setValue(current === true).onChange(changed);
				toggle.toggleEl.setAttrs({
					role: "switch",
					tabindex: 0,
					"aria-checked": current === true,
					"aria-label": setting.nameEl.getText(),
				});
				toggle.toggleEl.addEventListener("click", () => toggle.toggleEl.setAttr("aria-checked", toggle.getValue()));
				makeKeyboardClickable(toggle.toggleEl);
			});
			return;
		case "dropdown":
			setting.addDropdown((dropdown: DropdownComponent) =>
				dropdown
					.addOptions(control.options)
					.setValue(String(current ?? ""))
					.onChange(changed),
			);
			return;
		case "textarea":
			setting.addTextArea((text: TextAreaComponent) => {
				text.setValue(String(current ?? "")).onChange(changed);
				if (control.placeholder !== undefined) text.setPlaceholder(control.placeholder);
				if (control.rows !== undefined) text.inputEl.rows = control.rows;
			});
			return;
		case "number":
			setting.addText((text: TextComponent) => {
				text.inputEl.type = "number";
				for (const [name, value] of [
					["min", control.min],
					["max", control.max],
					["step", control.step],
				] as const)
					if (value !== undefined) text.inputEl.setAttr(name, value);
				text.setValue(current === undefined || current === null ? "" : String(current)).onChange((value) => {
					const number = Number(value);
					changed(value.trim() === "" || Number.isNaN(number) ? (control.defaultValue ?? 0) : number);
				});
			});
			return;
		case "slider":
		case "color": {
			const input = setting.controlEl.createEl("input", {
				type: control.type === "slider" ? "range" : "color",
				value: String(current ?? ""),
			});
			if (control.type === "slider") input.setAttrs({ min: control.min, max: control.max, step: control.step });
			input.addEventListener("input", () => changed(control.type === "slider" ? Number(input.value) : input.value));
			setting.addComponent(() => ({ setDisabled: (disabled: boolean) => (input.disabled = disabled) }));
			return;
		}
		case "text":
		case "file":
		case "folder":
			setting.addText((text: TextComponent) => {
				text.setValue(String(current ?? "")).onChange(changed);
				if (control.placeholder !== undefined) text.setPlaceholder(control.placeholder);
				if (control.type !== "text") suggestPaths(text.inputEl, () => pathsFor(app, control));
			});
			return;
	}
}

/** The paths a file or folder control offers: its filter applied, the root (`/`) only when asked for. */
function pathsFor(app: App, control: Extract<SettingControl, { type: "file" | "folder" }>): string[] {
	const all = app.vault.getAllLoadedFiles();
	if (control.type === "file")
		return all
			.filter((file): file is TFile => file instanceof TFile && (control.filter?.(file as never) ?? true))
			.map((file) => file.path);
	return all
		.filter(
			(folder): folder is TFolder =>
				folder instanceof TFolder &&
				(!folder.isRoot() || control.includeRoot === true) &&
				(control.filter?.(folder as never) ?? true),
		)
		.map((folder) => folder.path);
}

/** Paths offered as the user types (Obsidian's path suggester, as the browser's own list). */
function suggestPaths(input: HTMLInputElement, paths: () => string[]): void {
	const list = input.ownerDocument.createElement("datalist");
	list.id = `sandbox-paths-${++datalists}`;
	input.after(list);
	input.setAttr("list", list.id);
	input.addEventListener("focus", () => {
		list.empty();
		for (const path of paths()) list.createEl("option", { value: path });
	});
}

let datalists = 0;
