import type { Plugin } from "obsidian";
import type { TurnPorts } from "../core/agent/session";
import type { MemorySearcher } from "../core/agent/tools";
import { assistantFolderTarget } from "../core/memory/daily";
import { localToday } from "../core/memory/dailyDates";
import type { Clock } from "../core/ports";
import { toolVerdictKey } from "../core/workspace/data/toolVerdicts";
import { OFFLINE_MODEL_ID } from "../llm";
import { obsidianModel, windowDelay, type ChatEndpoint } from "./obsidianModel";
import { userDailyNotesTarget } from "./userDailyNotes";
import type { SettingsStore } from "./settingsStore";

/**
 * What a turn works over in Obsidian, as things are when it starts (a chat message, the
 * heartbeat, a command running a tool): the model the settings choose, the vault through the
 * audited writer, the search index.
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
	const model = obsidianModel(settingsStore, endpoint);
	const server = settings.modelProvider === "compatible";
	return {
		model,
		modelId: server ? settings.serverModel : model.offline ? OFFLINE_MODEL_ID : settings.model,
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
		...(server
			? { contextWindowTokens: settings.serverContextWindowTokens, toolSupport: serverToolSupport(settingsStore) }
			: {}),
	};
}

/**
 * Whether the server's model may be offered tools, as `state.modelsWithoutTools` remembers it
 * for the base URL and model the turn starts with; a failure at tools is saved under them.
 */
function serverToolSupport(settingsStore: SettingsStore): NonNullable<TurnPorts["toolSupport"]> {
	const key = toolVerdictKey(settingsStore.settings);
	return {
		toolsOff: settingsStore.state.modelsWithoutTools.includes(key),
		toolsFailed: async () => {
			const known = settingsStore.state.modelsWithoutTools;
			if (!known.includes(key)) await settingsStore.updateState({ modelsWithoutTools: [...known, key] });
		},
	};
}
