import type { Plugin } from "obsidian";
import type { TurnPorts } from "../core/agent/session";
import type { MemorySearcher } from "../core/agent/tools";
import { assistantFolderTarget } from "../core/memory/daily";
import { localToday } from "../core/memory/dailyDates";
import type { Clock, TaskScheduler } from "../core/ports";
import { t } from "../i18n";
import { createModelClient, OFFLINE_MODEL_ID } from "../llm";
import { windowScheduler } from "./retrieval/windowScheduler";
import { userDailyNotesTarget } from "./userDailyNotes";
import type { SettingsStore } from "./settingsStore";

/** The window's timers, for the model client's retry waits and the tools' timeout. */
export const windowDelay: TaskScheduler["delay"] = (callback, ms) => windowScheduler.delay(callback, ms);

/** Where the chat's requests go, and how long a silent stream is waited on; a test points it at its fake server and shortens the wait. */
export interface ChatEndpoint {
	readonly baseURL?: string;
	/** `MODEL_IDLE_TIMEOUT_MS` when absent. */
	readonly idleTimeoutMs?: number;
}

/**
 * What a turn works over in Obsidian, as things are when it starts (a chat message, the
 * heartbeat, a command running a tool): the key from SecretStorage, the chosen model, the vault
 * through the audited writer, the search index.
 */
export async function obsidianTurnPorts(
	plugin: Plugin,
	settingsStore: SettingsStore,
	index: MemorySearcher,
	clock: Clock,
	endpoint: ChatEndpoint = {},
): Promise<TurnPorts> {
	const app = plugin.app;
	const settings = settingsStore.settings;
	const workspace = await settingsStore.open();
	const { vault, writer } = workspace;
	const daily =
		settings.dailyMemoryLocation === "daily-notes"
			? await userDailyNotesTarget(app, workspace.vault, localToday(clock))
			: assistantFolderTarget(workspace.layout);
	const model = createModelClient({
		apiKey: settingsStore.apiKey(),
		baseURL: endpoint.baseURL,
		offline: settings.model === OFFLINE_MODEL_ID,
		privacyReviewNeeded: settingsStore.state.privacyReviewNeeded,
		delay: windowDelay,
		translate: t,
		idleTimeoutMs: endpoint.idleTimeoutMs,
	});
	return {
		model,
		modelId: model.offline ? OFFLINE_MODEL_ID : settings.model,
		tools: {
			index,
			vault,
			layout: workspace.layout,
			clock,
			recentDailyMemory: (days) => workspace.recentDailyMemory(days),
			// A person reads the offline model's answer as the search gives it.
			...(model.offline ? { assistantFilesInSearch: "when-asked" as const } : {}),
			writer,
			actor: "assistant",
			daily,
		},
		delay: windowDelay,
		transcript: { writer, chatsFolder: workspace.layout.chatsFolder, language: settingsStore.language() },
		hotMemoryCapTokens: settings.hotMemoryCapTokens,
	};
}
