import type { App } from "./app";

/**
 * Obsidian's `SecretComponent` (API 1.11.4): picks a secret of `app.secretStorage` by name. The
 * mock draws it as a `select` of the stored names, so a test picks one as a user would
 * (set the value, dispatch `change`); the value is the name, never the secret.
 */
export class SecretComponent {
	readonly selectEl: HTMLSelectElement;
	private changed: ((value: string) => unknown) | null = null;

	constructor(
		readonly app: App,
		containerEl: HTMLElement,
	) {
		this.selectEl = containerEl.createEl("select", "secret-component");
		this.selectEl.createEl("option", { value: "", text: "" });
		for (const name of app.secretStorage.listSecrets()) this.selectEl.createEl("option", { value: name, text: name });
		this.selectEl.addEventListener("change", () => void this.changed?.(this.selectEl.value));
	}

	setValue(value: string): this {
		if (!Array.from(this.selectEl.options).some((option) => option.value === value))
			this.selectEl.createEl("option", { value, text: value });
		this.selectEl.value = value;
		return this;
	}

	onChange(callback: (value: string) => unknown): this {
		this.changed = callback;
		return this;
	}

	setDisabled(disabled: boolean): this {
		this.selectEl.disabled = disabled;
		return this;
	}
}
