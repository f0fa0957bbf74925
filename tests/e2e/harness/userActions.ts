import type { Locator, Page } from "playwright-core";
import { translateIn, type Language, type MessageKey } from "../../../src/i18n";

/**
 * What a person does in the sandbox, by what they see (labels in the interface's language),
 * never by reaching into the page's objects: the scenarios read as a person's steps.
 */
export class User {
	constructor(
		readonly page: Page,
		/** The plugin's interface language, for finding its labels. */
		public language: Language = "en",
	) {}

	/** A string of the plugin as the interface shows it now. */
	text(key: MessageKey, vars: Record<string, string | number> = {}): string {
		return translateIn(this.language, key, vars);
	}

	/** Opens the chat from its ribbon icon (found by its look: its label keeps the language it was loaded in). */
	async openChat(): Promise<void> {
		await this.page.locator('.side-dock-ribbon-action[data-icon="message-square"]').click();
		await this.page.locator(".assistant-chat-input").waitFor();
	}

	/** Types a message in the chat and presses Enter. */
	async ask(question: string): Promise<void> {
		const input = this.page.locator(".assistant-chat-input");
		await input.fill(question);
		await input.press("Enter");
	}

	/** The newest answer in the chat. */
	lastAnswer() {
		return this.page.locator(".assistant-chat-message.is-assistant").last();
	}

	/** Waits until the newest answer has finished streaming. */
	async waitForAnswer(): Promise<void> {
		await this.page.locator(".assistant-chat-message.is-assistant:not(.is-streaming)").last().waitFor();
		await this.page.locator(".assistant-chat-send", { hasText: this.text("chat.send") }).waitFor();
	}

	/** Runs a command from the palette (Ctrl+P), by its name as listed. */
	async runCommand(name: string): Promise<void> {
		await this.page.keyboard.press("Control+p");
		const input = this.page.locator(".mod-command-palette .prompt-input");
		await input.fill(name);
		await this.page.locator(".mod-command-palette .suggestion-item", { hasText: name }).first().waitFor();
		await input.press("Enter");
	}

	/** Opens the settings (Ctrl+,) at the plugin's tab. */
	async openSettings(): Promise<void> {
		await this.page.keyboard.press("Control+,");
		await this.page.locator(".mod-settings .setting-group").first().waitFor();
	}

	async closeModal(): Promise<void> {
		await this.page.keyboard.press("Escape");
	}

	/** A row of the settings by its name. */
	setting(name: string): Locator {
		return this.row(this.page.locator(".mod-settings"), name);
	}

	/** A row of the settings shown now, by its whole name (rows of another provider are hidden, and may share it). */
	shownSetting(name: string): Locator {
		const exact = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
		return this.page
			.locator(".mod-settings .setting-item")
			.filter({ has: this.page.locator(".setting-item-name", { hasText: exact }) })
			.filter({ visible: true });
	}

	/** A row (Obsidian's `Setting`) of a modal or a page by its name. */
	row(within: Locator, name: string): Locator {
		return within.locator(".setting-item").filter({ has: this.page.locator(".setting-item-name", { hasText: name }) });
	}

	/** An open modal by its title. */
	modal(title: string): Locator {
		return this.page.locator(".modal").filter({ has: this.page.locator(".modal-title", { hasText: title }) });
	}

	/** Clicks a button of `within` by its text. */
	async press(within: Locator, name: string): Promise<void> {
		await within.getByRole("button", { name, exact: true }).click();
	}

	/** Clicks away every notice shown, as a person does before looking at what is behind them. */
	async dismissNotices(): Promise<void> {
		const notices = this.page.locator(".notice");
		while ((await notices.count()) > 0) await notices.first().click();
	}

	/** Stores an API key in the settings ("Add secret" by the API key row) and picks it. */
	async enterApiKey(key: string): Promise<void> {
		await this.openSettings();
		await this.setting(this.text("settings.api-key.name")).getByRole("button", { name: "Add secret" }).click();
		const secret = this.page.getByLabel("Secret value");
		await secret.fill(key);
		await this.page.getByRole("button", { name: "Save", exact: true }).click();
		await secret.waitFor({ state: "detached" });
	}
}
