import type { App } from "../obsidianApi/app";
import { Modal } from "../obsidianApi/modal";
import { SecretComponent as MockSecretComponent } from "../obsidianApi/secretComponent";
import { Setting } from "../obsidianApi/setting";

/**
 * Obsidian's `SecretComponent` in the page: the mock's picker of stored secrets, and a button
 * that stores a new one (a name and the key) and picks it, as Obsidian's own lets the user do.
 * Secrets stay in this page's memory: a reload forgets them, and nothing writes them to disk.
 */
export class SecretComponent extends MockSecretComponent {
	constructor(app: App, containerEl: HTMLElement) {
		super(app, containerEl);
		this.selectEl.setAttr("aria-label", "Secret");
		const add = containerEl.createEl("button", { cls: "secret-component-add", text: "Add secret" });
		add.addEventListener("click", () =>
			new NewSecretModal(app, this.selectEl.value || "anthropic-api-key", (name) => this.pick(name)).open(),
		);
	}

	private pick(name: string): void {
		this.setValue(name);
		this.selectEl.dispatchEvent(new Event("change"));
	}
}

class NewSecretModal extends Modal {
	constructor(
		app: App,
		private readonly name: string,
		private readonly saved: (name: string) => void,
	) {
		super(app);
	}

	override onOpen(): void {
		this.setTitle("Add secret");
		let name = this.name;
		let secret = "";
		const error = this.contentEl.createDiv({ cls: "setting-item-validation", attr: { role: "alert" } });
		error.hide();
		new Setting(this.contentEl)
			.setName("Name")
			.setDesc("Lowercase letters, digits and dashes.")
			.addText((text) => text.setValue(name).onChange((value) => (name = value.trim())));
		new Setting(this.contentEl).setName("Secret").addText((text) => {
			text.inputEl.type = "password";
			text.inputEl.setAttr("aria-label", "Secret value");
			text.onChange((value) => (secret = value.trim()));
			window.setTimeout(() => text.inputEl.focus());
		});
		new Setting(this.contentEl).addButton((button) =>
			button
				.setButtonText("Save")
				.setCta()
				.onClick(() => {
					try {
						this.app.secretStorage.setSecret(name, secret);
					} catch (problem) {
						error.setText(problem instanceof Error ? problem.message : String(problem));
						error.show();
						return;
					}
					this.close();
					this.saved(name);
				}),
		);
	}

	override onClose(): void {
		this.contentEl.empty();
	}
}
