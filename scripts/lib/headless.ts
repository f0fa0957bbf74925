import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { AssistantWorkspace } from "../../src/core/assistantWorkspace";
import type { Clock } from "../../src/core/ports";
import { systemClock } from "../../src/core/systemClock";
import { loadPluginData, UnreadableData } from "../../src/core/workspace/data/load";
import type { Settings } from "../../src/core/workspace/data/settings";
import { DiskVault } from "../../tests/harness/diskVault";
import { UsageError } from "./args";
import { DiskLogFile } from "./diskLogFile";

const CONFIG_DIR = ".obsidian";
const PLUGIN_ID = "assistant-workspace";

export interface HeadlessWorkspace {
	readonly disk: DiskVault;
	readonly workspace: AssistantWorkspace;
	readonly settings: Settings;
	readonly clock: Clock;
	/** Writes what the workspace changed back to the folder. */
	flush(): Promise<void>;
}

export interface HeadlessOptions {
	/** A fixed time (`--now`), so a run can be repeated. */
	readonly now?: string;
	/** Overrides the saved settings' assistant folder (`--folder`). */
	readonly folder?: string;
	/** Private folders and tags added to the saved settings' (`--exclude-folders`, `--exclude-tags`). */
	readonly excludeFolders?: readonly string[];
	readonly excludeTags?: readonly string[];
}

/**
 * The plugin's core over a vault folder on disk: the same settings the plugin saved there
 * (`<config folder>/plugins/assistant-workspace/data.json`), the same audit trail file.
 */
export async function openHeadlessWorkspace(vaultDir: string, options: HeadlessOptions = {}): Promise<HeadlessWorkspace> {
	if (!existsSync(vaultDir) || !statSync(vaultDir).isDirectory()) {
		throw new UsageError(`No vault folder at ${vaultDir}.`);
	}
	const pluginDir = pluginFolder(vaultDir);
	const saved = loadPluginData(readSavedData(join(pluginDir, "data.json"))).data.settings;
	const settings: Settings = {
		...saved,
		assistantFolder: options.folder ?? saved.assistantFolder,
		excludedFolders: [...saved.excludedFolders, ...(options.excludeFolders ?? [])],
		excludedTags: [...saved.excludedTags, ...(options.excludeTags ?? [])],
	};
	const clock = options.now === undefined ? systemClock : fixedClock(options.now);
	const disk = await DiskVault.load(vaultDir, { configDir: CONFIG_DIR });
	const workspace = new AssistantWorkspace({ store: disk.vault, metadata: disk.vault, auditFile: new DiskLogFile(join(pluginDir, "audit.jsonl")), clock, settings });
	return { disk, workspace, settings, clock, flush: () => disk.flush() };
}

/** Where the plugin keeps its files in a vault folder: `data.json` and the audit trail. */
export function pluginFolder(vaultDir: string): string {
	return join(vaultDir, CONFIG_DIR, "plugins", PLUGIN_ID);
}

/** The parsed `data.json`, `null` when there is none, `UnreadableData` when it is not JSON (as `loadPluginData` takes it). */
export function readSavedData(path: string): unknown {
	if (!existsSync(path)) return null;
	const text = readFileSync(path, "utf8");
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return new UnreadableData(text);
	}
}

export function fixedClock(iso: string): Clock {
	const time = new Date(iso);
	if (Number.isNaN(time.getTime())) throw new UsageError(`--now is not a date and time: ${iso}`);
	return { now: () => new Date(time) };
}
