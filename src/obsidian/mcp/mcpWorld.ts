import type { App } from "obsidian";
import type { MemorySearcher, MemoryToolDeps } from "../../core/agent/tools";
import type { McpSurfaceDeps } from "../../core/mcp";
import type { Clock } from "../../core/ports";
import type { SettingsStore } from "../settingsStore";
import { obsidianToolWorld } from "../turnPorts";

export interface McpWorldDeps {
	readonly app: App;
	readonly settingsStore: SettingsStore;
	/** The plugin's live search index, which follows the vault by itself. */
	readonly index: MemorySearcher;
	readonly clock: Clock;
}

/**
 * What the plugin serves MCP clients: the chat's own tool world (`obsidianToolWorld`), built
 * again before every call (the surface's `catchUp`), since a client's session outlives many
 * settings changes: a folder made private, the assistant folder switched, a new day for daily
 * memory. The privacy view reads the settings at every read already; the rest is taken from the
 * world as the last call left it. Writes go through the plugin's audited writer over the Vault
 * API, and a checkpoint a client saves is the plugin's, as if the chat had saved it.
 */
export async function liveMcpWorld(deps: McpWorldDeps, allowWrites: boolean): Promise<McpSurfaceDeps> {
	const { settingsStore } = deps;
	const build = () => obsidianToolWorld(deps.app, settingsStore, deps.index, deps.clock);
	let world = await build();
	const memory: MemoryToolDeps = {
		get index() {
			return world.memory.index;
		},
		get vault() {
			return world.memory.vault;
		},
		get layout() {
			return world.memory.layout;
		},
		get clock() {
			return world.memory.clock;
		},
		recentDailyMemory: (days) => world.memory.recentDailyMemory(days),
		// The client is a model's host (Claude Code, Claude Desktop): it takes images and PDFs as MCP content.
		readsAttachments: true,
	};
	return {
		memory,
		get writes() {
			return allowWrites ? { writer: world.writer, daily: world.daily } : undefined;
		},
		get hotMemoryCapTokens() {
			return settingsStore.settings.hotMemoryCapTokens;
		},
		lastCheckpoint: () => settingsStore.state.lastCheckpoint,
		checkpointSaved: (checkpoint) => void settingsStore.updateState({ lastCheckpoint: checkpoint }),
		catchUp: async () => {
			world = await build();
		},
		receipts: settingsStore.receipts,
	};
}
