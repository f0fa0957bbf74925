import { getLanguage, type Plugin } from "obsidian";
import { AssistantWorkspace } from "../core/assistantWorkspace";
import { localToday } from "../core/memory/dailyDates";
import type { Clock, Notifier } from "../core/ports";
import type { PluginData } from "../core/workspace/data/pluginData";
import type { PluginState } from "../core/workspace/data/state";
import type { Settings } from "../core/workspace/data/settings";
import { languageFromLocale, setLanguage, type Language } from "../i18n";
import { ObsidianNoteStore } from "./vaultNoteStore";
import { PluginLogFile } from "./pluginLogFile";
import { pluginDir } from "./pluginDataFile";
import { userDailyNotesTarget } from "./userDailyNotes";

/** The id of the Anthropic API key in Obsidian's SecretStorage (lowercase letters, digits, dashes). */
export const API_KEY_SECRET = "assistant-workspace-anthropic-api-key";

/**
 * Holds the settings and builds the workspace over the live vault when a command needs it:
 * building is cheap (no I/O), so each command sees the settings as they are now.
 */
export class WorkspaceController {
	private data: PluginData;
	private readonly settingsListeners = new Set<(settings: Settings) => void>();

	constructor(
		private readonly plugin: Plugin,
		readonly notifier: Notifier,
		private readonly clock: Clock,
		initial: PluginData,
	) {
		this.data = initial;
		this.applyLanguage();
	}

	get settings(): Settings {
		return this.data.settings;
	}

	/** The language of the interface and of new workspace files. */
	language(): Language {
		const chosen = this.data.settings.language;
		return chosen === "auto" ? languageFromLocale(getLanguage()) : chosen;
	}

	async updateSettings(change: Partial<Settings>): Promise<void> {
		this.data = { ...this.data, settings: { ...this.data.settings, ...change } };
		this.applyLanguage();
		for (const listener of this.settingsListeners) listener(this.data.settings);
		await this.plugin.saveData(this.data);
	}

	/** Calls `listener` with the settings after every change; returns the function that stops it. */
	onSettingsChange(listener: (settings: Settings) => void): () => void {
		this.settingsListeners.add(listener);
		return () => this.settingsListeners.delete(listener);
	}

	/** The Anthropic API key, from Obsidian's SecretStorage (never `data.json`); empty when none is set. */
	apiKey(): string {
		return this.plugin.app.secretStorage.getSecret(API_KEY_SECRET) ?? "";
	}

	/** Keeps the key in SecretStorage; an empty key removes it (the chat goes offline). */
	setApiKey(key: string): void {
		this.plugin.app.secretStorage.setSecret(API_KEY_SECRET, key.trim());
		for (const listener of this.settingsListeners) listener(this.data.settings);
	}

	/** The plugin's state (checkpoint, heartbeat), as saved in `data.json`. */
	get state(): PluginState {
		return this.data.state;
	}

	async updateState(change: Partial<PluginState>): Promise<void> {
		this.data = { ...this.data, state: { ...this.data.state, ...change } };
		await this.plugin.saveData(this.data);
	}

	async open(): Promise<AssistantWorkspace> {
		const app = this.plugin.app;
		const userDailyNotes =
			this.settings.dailyMemoryLocation === "daily-notes"
				? await userDailyNotesTarget(app, localToday(this.clock))
				: undefined;
		return new AssistantWorkspace({
			store: new ObsidianNoteStore(app),
			auditFile: new PluginLogFile(app.vault.adapter, pluginDir(this.plugin), "audit.jsonl"),
			clock: this.clock,
			settings: this.settings,
			userDailyNotes,
		});
	}

	private applyLanguage(): void {
		setLanguage(this.language());
	}
}
