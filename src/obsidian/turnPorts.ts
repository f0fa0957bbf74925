import type { App, Plugin } from "obsidian";
import type { AssistantWorkspace } from "../core/assistantWorkspace";
import type { TurnPorts } from "../core/agent/session";
import type { MemorySearcher, MemoryToolDeps } from "../core/agent/tools";
import { assistantFolderTarget, type DailyTarget } from "../core/memory/daily";
import { localToday } from "../core/memory/dailyDates";
import type { Clock } from "../core/ports";
import type { AuditedWriter } from "../core/vault/auditedWriter";
import { toolVerdictKey } from "../core/workspace/data/toolVerdicts";
import { OFFLINE_MODEL_ID } from "../llm";
import { obsidianModel, windowDelay, type ChatEndpoint } from "./obsidianModel";
import { userDailyNotesTarget } from "./userDailyNotes";
import type { SettingsStore } from "./settingsStore";

/**
 * The world the memory tools work over, as the settings are now: the vault through the privacy
 * view, the search index, the audited writer and today's daily memory where the settings keep it.
 * The one place that builds it, for the chat's turns and for MCP clients alike, so that a client
 * sees and writes exactly what the chat would.
 */
export interface ToolWorld {
	readonly workspace: AssistantWorkspace;
	/** The read tools' world; the writer and today's daily memory are beside it, for the tools that write. */
	readonly memory: MemoryToolDeps;
	readonly writer: AuditedWriter;
	readonly daily: DailyTarget;
}

export async function obsidianToolWorld(
	app: App,
	settingsStore: SettingsStore,
	index: MemorySearcher,
	clock: Clock,
): Promise<ToolWorld> {
	const workspace = await settingsStore.open();
	const daily =
		settingsStore.settings.dailyMemoryLocation === "daily-notes"
			? await userDailyNotesTarget(app, workspace.vault, localToday(clock))
			: assistantFolderTarget(workspace.layout);
	return {
		workspace,
		memory: {
			index,
			vault: workspace.vault,
			layout: workspace.layout,
			clock,
			recentDailyMemory: (days) => workspace.recentDailyMemory(days),
		},
		writer: workspace.writer,
		daily,
	};
}

/**
 * What a turn works over in Obsidian, as things are when it starts (a chat message, the
 * heartbeat, a command running a tool): the model the settings choose, the tools' world.
 */
export async function obsidianTurnPorts(
	plugin: Plugin,
	settingsStore: SettingsStore,
	index: MemorySearcher,
	clock: Clock,
	endpoint: ChatEndpoint = {},
): Promise<TurnPorts> {
	const settings = settingsStore.settings;
	const { workspace, memory, writer, daily } = await obsidianToolWorld(plugin.app, settingsStore, index, clock);
	const model = obsidianModel(settingsStore, endpoint);
	const server = settings.modelProvider === "compatible";
	return {
		model,
		modelId: server ? settings.serverModel : model.offline ? OFFLINE_MODEL_ID : settings.model,
		tools: {
			...memory,
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
