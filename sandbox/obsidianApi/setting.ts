/**
 * Obsidian's `Setting` and the controls the settings tab uses. Each control listens to the
 * DOM event Obsidian's does (`input`, `change`, `click`), so a test drives it as a user would:
 * set the element's value and dispatch the event.
 */

abstract class ValueComponent<T> {
	disabled = false;
	protected changed: ((value: T) => unknown) | null = null;

	abstract getValue(): T;
	abstract setValue(value: T): this;

	onChange(callback: (value: T) => unknown): this {
		this.changed = callback;
		return this;
	}

	setDisabled(disabled: boolean): this {
		this.disabled = disabled;
		this.controlEl().toggleAttribute("disabled", disabled);
		return this;
	}

	protected abstract controlEl(): HTMLElement;
}

abstract class InputComponent<E extends HTMLInputElement | HTMLTextAreaElement> extends ValueComponent<string> {
	constructor(readonly inputEl: E) {
		super();
		inputEl.addEventListener("input", () => void this.changed?.(inputEl.value));
	}

	getValue(): string {
		return this.inputEl.value;
	}

	setValue(value: string): this {
		this.inputEl.value = value;
		return this;
	}

	setPlaceholder(placeholder: string): this {
		this.inputEl.placeholder = placeholder;
		return this;
	}

	protected controlEl(): HTMLElement {
		return this.inputEl;
	}
}

export class TextComponent extends InputComponent<HTMLInputElement> {
	constructor(containerEl: HTMLElement) {
		super(containerEl.createEl("input", { type: "text" }));
	}
}

export class TextAreaComponent extends InputComponent<HTMLTextAreaElement> {
	constructor(containerEl: HTMLElement) {
		super(containerEl.createEl("textarea"));
	}
}

export class ToggleComponent extends ValueComponent<boolean> {
	readonly toggleEl: HTMLElement;
	private value = false;

	constructor(containerEl: HTMLElement) {
		super();
		this.toggleEl = containerEl.createDiv("checkbox-container");
		this.toggleEl.addEventListener("click", () => {
			if (this.disabled) return;
			this.setValue(!this.value);
			void this.changed?.(this.value);
		});
	}

	getValue(): boolean {
		return this.value;
	}

	setValue(value: boolean): this {
		this.value = value;
		this.toggleEl.toggleClass("is-enabled", value);
		return this;
	}

	protected controlEl(): HTMLElement {
		return this.toggleEl;
	}
}

export class DropdownComponent extends ValueComponent<string> {
	readonly selectEl: HTMLSelectElement;

	constructor(containerEl: HTMLElement) {
		super();
		this.selectEl = containerEl.createEl("select", "dropdown");
		this.selectEl.addEventListener("change", () => void this.changed?.(this.selectEl.value));
	}

	addOption(value: string, display: string): this {
		this.selectEl.createEl("option", { value, text: display });
		return this;
	}

	addOptions(options: Record<string, string>): this {
		for (const [value, display] of Object.entries(options)) this.addOption(value, display);
		return this;
	}

	getValue(): string {
		return this.selectEl.value;
	}

	setValue(value: string): this {
		this.selectEl.value = value;
		return this;
	}

	protected controlEl(): HTMLElement {
		return this.selectEl;
	}
}

export class ButtonComponent {
	readonly buttonEl: HTMLButtonElement;

	constructor(containerEl: HTMLElement) {
		this.buttonEl = containerEl.createEl("button");
	}

	setButtonText(text: string): this {
		this.buttonEl.setText(text);
		return this;
	}

	setCta(): this {
		this.buttonEl.addClass("mod-cta");
		return this;
	}

	setDestructive(): this {
		this.buttonEl.addClass("mod-destructive");
		return this;
	}

	setIcon(icon: string): this {
		this.buttonEl.setAttr("data-icon", icon);
		return this;
	}

	setTooltip(tooltip: string): this {
		this.buttonEl.setAttr("aria-label", tooltip);
		return this;
	}

	setDisabled(disabled: boolean): this {
		this.buttonEl.disabled = disabled;
		return this;
	}

	onClick(callback: (evt: MouseEvent) => unknown): this {
		this.buttonEl.addEventListener("click", (evt) => void callback(evt));
		return this;
	}
}

export class Setting {
	readonly settingEl: HTMLElement;
	readonly infoEl: HTMLElement;
	readonly nameEl: HTMLElement;
	readonly descEl: HTMLElement;
	readonly controlEl: HTMLElement;
	readonly components: { setDisabled(disabled: boolean): unknown }[] = [];

	constructor(containerEl: HTMLElement) {
		this.settingEl = containerEl.createDiv("setting-item");
		this.infoEl = this.settingEl.createDiv("setting-item-info");
		this.nameEl = this.infoEl.createDiv("setting-item-name");
		this.descEl = this.infoEl.createDiv("setting-item-description");
		this.controlEl = this.settingEl.createDiv("setting-item-control");
	}

	setName(name: string | DocumentFragment): this {
		this.nameEl.setText(name);
		return this;
	}

	setDesc(desc: string | DocumentFragment): this {
		this.descEl.setText(desc);
		return this;
	}

	setClass(cls: string): this {
		this.settingEl.addClass(cls);
		return this;
	}

	setHeading(): this {
		this.settingEl.addClass("setting-item-heading");
		return this;
	}

	setDisabled(disabled: boolean): this {
		this.settingEl.toggleClass("is-disabled", disabled);
		for (const component of this.components) component.setDisabled(disabled);
		return this;
	}

	addText(build: (component: TextComponent) => unknown): this {
		return this.add(new TextComponent(this.controlEl), build);
	}

	addTextArea(build: (component: TextAreaComponent) => unknown): this {
		return this.add(new TextAreaComponent(this.controlEl), build);
	}

	addToggle(build: (component: ToggleComponent) => unknown): this {
		return this.add(new ToggleComponent(this.controlEl), build);
	}

	addDropdown(build: (component: DropdownComponent) => unknown): this {
		return this.add(new DropdownComponent(this.controlEl), build);
	}

	addButton(build: (component: ButtonComponent) => unknown): this {
		return this.add(new ButtonComponent(this.controlEl), build);
	}

	/** A component Obsidian has no `add…` method for (a `SecretComponent`), built over the control element. */
	addComponent<C extends { setDisabled(disabled: boolean): unknown }>(build: (el: HTMLElement) => C): this {
		this.components.push(build(this.controlEl));
		return this;
	}

	then(build: (setting: this) => unknown): this {
		build(this);
		return this;
	}

	private add<C extends { setDisabled(disabled: boolean): unknown }>(
		component: C,
		build: (component: C) => unknown,
	): this {
		this.components.push(component);
		build(component);
		return this;
	}
}
