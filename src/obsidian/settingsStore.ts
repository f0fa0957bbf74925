import { getLanguage, type Plugin } from "obsidian";
import { AssistantWorkspace } from "../core/assistantWorkspace";
import { ReceiptLog } from "../core/audit/receiptLog";
import { localToday } from "../core/memory/dailyDates";
import { PreviousContents, RememberingStore } from "../core/memory/previousContents";
import { privacyView, type VaultView } from "../core/vault/vaultView";
import type { Clock, NoteStore, Notifier } from "../core/ports";
import type { PluginData } from "../core/workspace/data/pluginData";
import type { PluginState } from "../core/workspace/data/state";
import type { Settings } from "../core/workspace/data/settings";
import { forgetsToolVerdicts } from "../core/workspace/data/toolVerdicts";
import { OFFLINE_MODEL_ID } from "../llm";
import { languageFromLocale, setLanguage, type Language } from "../i18n";
import { ObsidianNoteStore } from "./vaultNoteStore";
import { PluginLogFile } from "./pluginLogFile";
import { pluginDir, savePluginData } from "./pluginDataFile";
import { onboardingDayChange } from "./heartbeat/onboardingDay";
import { userDailyNotesFolder, userDailyNotesTarget } from "./userDailyNotes";
import { ObsidianMetadataSource } from "./metadataSource";
import { indexPolicyOf } from "./retrieval/indexPolicy";

/** Which settings and state fields an update changed. */
export interface ChangedFields {
	readonly settings: readonly (keyof Settings)[];
	readonly state: readonly (keyof PluginState)[];
}

/**
 * The plugin's settings and state as `data.json` keeps them: read, updated and saved, each
 * listener told which fields changed. It builds the workspace over the live vault from them when
 * a command needs it: building is cheap (no I/O), so each command sees the settings as they are now.
 */
export class SettingsStore {
	private data: PluginData;
	/**
	 * The text notes had before the assistant's writes replaced it, for "Show assistant changes"
	 * to undo them: one instance, so that what one write keeps the next undo finds.
	 */
	readonly previousContents: PreviousContents;
	/** What left the plugin, and where: one instance, so that its bounds are kept one write after the other. */
	readonly receipts: ReceiptLog;
	private readonly listeners = new Set<(changed: ChangedFields) => void>();

	constructor(
		private readonly plugin: Plugin,
		readonly notifier: Notifier,
		readonly clock: Clock,
		initial: PluginData,
	) {
		this.data = initial;
		this.previousContents = new PreviousContents(
			new PluginLogFile(plugin.app.vault.adapter, pluginDir(plugin), "previous-contents.jsonl"),
			clock,
		);
		this.receipts = new ReceiptLog(
			new PluginLogFile(plugin.app.vault.adapter, pluginDir(plugin), "receipts.jsonl"),
			clock,
		);
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
		await this.update(change, {});
	}

	/**
	 * Changes settings and state together, in one save (a switch of the assistant folder changes
	 * both). A change of the model server forgets which of its models could not call tools.
	 */
	async update(settings: Partial<Settings>, stateChange: Partial<PluginState>): Promise<void> {
		const current = this.data.state;
		const state: Partial<PluginState> =
			forgetsToolVerdicts(this.data.settings, settings) && current.modelsWithoutTools.length > 0
				? { ...stateChange, modelsWithoutTools: [] }
				: stateChange;
		this.data = {
			...this.data,
			settings: { ...this.data.settings, ...settings },
			state: { ...current, ...state, ...onboardingDayChange(current, state, localToday(this.clock)) },
		};
		this.applyLanguage();
		const changed: ChangedFields = {
			settings: Object.keys(settings) as (keyof Settings)[],
			state: Object.keys(state) as (keyof PluginState)[],
		};
		for (const listener of this.listeners) listener(changed);
		await savePluginData(this.plugin, this.data);
	}

	/** Calls `listener` with the settings after every change to them; returns the function that stops it. */
	onSettingsChange(listener: (settings: Settings) => void): () => void {
		return this.onChange((changed) => {
			if (changed.settings.length > 0) listener(this.data.settings);
		});
	}

	/** Calls `listener` with the fields that changed after every change; returns the function that stops it. */
	onChange(listener: (changed: ChangedFields) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** The Anthropic API key, from Obsidian's SecretStorage under the chosen name (never `data.json`); empty when none is set. */
	apiKey(): string {
		return this.modelKey(this.data.settings.apiKeySecret);
	}

	/**
	 * The compatible server's key, from SecretStorage like the Anthropic key; empty when it needs
	 * none. Never the Anthropic key: the server's key is picked from the same list of secrets, and
	 * a server, perhaps on another machine, must not receive it by a slip of the picker.
	 */
	serverKey(): string {
		const key = this.modelKey(this.data.settings.serverKeySecret);
		return key === this.apiKey() ? "" : key;
	}

	/**
	 * The embedding endpoint's key, from SecretStorage; empty when it needs none. Never the
	 * Anthropic key, which no embedding endpoint takes and another company must not receive.
	 */
	embeddingKey(): string {
		const key = this.modelKey(this.data.settings.embeddingKeySecret);
		return key === this.apiKey() ? "" : key;
	}

	/**
	 * Whether the chat answers from the notes alone: Anthropic without a key, or the offline model
	 * chosen. A compatible server needs no key, so it is never offline.
	 */
	offline(): boolean {
		const settings = this.data.settings;
		return settings.modelProvider === "anthropic" && (this.apiKey() === "" || settings.model === OFFLINE_MODEL_ID);
	}

	/** The plugin's state (checkpoint, heartbeat), as saved in `data.json`. */
	get state(): PluginState {
		return this.data.state;
	}

	async updateState(change: Partial<PluginState>): Promise<void> {
		await this.update({}, change);
	}

	/** The vault as the assistant writes it: every text a write replaces is kept for undo. */
	noteStore(): NoteStore {
		return new RememberingStore(new ObsidianNoteStore(this.plugin.app), this.previousContents);
	}

	/**
	 * The vault as the assistant may see it, under the settings as they are at each call: for what
	 * lives longer than one command (the search index, the mention suggestions).
	 */
	vaultView(): VaultView {
		const app = this.plugin.app;
		return privacyView({ store: new ObsidianNoteStore(app), metadata: new ObsidianMetadataSource(app) }, () =>
			indexPolicyOf(app, this.settings),
		);
	}

	/** The workspace as the settings say now, or with the assistant folder at `folder` (before switching to it). */
	async open(folder = this.settings.assistantFolder): Promise<AssistantWorkspace> {
		const app = this.plugin.app;
		const settings = { ...this.settings, assistantFolder: folder };
		const userDailyNotes =
			settings.dailyMemoryLocation === "daily-notes"
				? await userDailyNotesTarget(app, this.vaultView(), localToday(this.clock))
				: undefined;
		return new AssistantWorkspace({
			store: this.noteStore(),
			metadata: new ObsidianMetadataSource(app),
			dailyNotesFolder: settings.dailyMemoryLocation === "daily-notes" ? userDailyNotesFolder(app) : undefined,
			privacyNow: () => this.settings,
			auditFile: new PluginLogFile(app.vault.adapter, pluginDir(this.plugin), "audit.jsonl"),
			clock: this.clock,
			settings,
			userDailyNotes,
		});
	}

	/**
	 * A model's key, never the MCP server's token: both are picked from the one list of secrets,
	 * and a token sent as a key would give whoever runs the model's server the vault's memory.
	 */
	private modelKey(name: string): string {
		const key = this.secret(name);
		return key !== "" && key === this.secret(this.data.settings.mcpServerTokenSecret) ? "" : key;
	}

	private secret(name: string): string {
		return name === "" ? "" : (this.plugin.app.secretStorage.getSecret(name) ?? "").trim();
	}

	private applyLanguage(): void {
		setLanguage(this.language());
	}
}
