import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { AssistantWorkspace } from "../../src/core/assistantWorkspace";
import type { Clock } from "../../src/core/ports";
import { systemClock } from "../../src/core/systemClock";
import { LAST_GOOD_FILE_NAME, loadPluginDataFiles, type SavedDataFiles } from "../../src/core/workspace/data/load";
import type { Settings } from "../../src/core/workspace/data/settings";
import { DiskVault } from "../../tests/harness/diskVault";
import { t } from "../../src/i18n";
import { UsageError } from "./args";
import { DiskLogFile } from "./diskLogFile";
import { AuditedWriter } from "../../src/core/vault/auditedWriter";

const CONFIG_DIR = ".obsidian";
const PLUGIN_ID = "assistant-workspace";

export interface HeadlessWorkspace {
	readonly disk: DiskVault;
	readonly workspace: AssistantWorkspace;
	readonly settings: Settings;
	readonly clock: Clock;
	/** The saved privacy settings could not be recovered and nobody has checked them: no model may be asked (see `modelClientOf`). */
	readonly privacyReviewNeeded: boolean;
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
	const loaded = loadPluginDataFiles(readSavedFiles(pluginDir));
	for (const problem of loaded.problems) process.stderr.write(`${t(problem.key, problem.params)}\n`);
	const saved = loaded.data.settings;
	const settings: Settings = {
		...saved,
		assistantFolder: options.folder ?? saved.assistantFolder,
		excludedFolders: [...saved.excludedFolders, ...(options.excludeFolders ?? [])],
		excludedTags: [...saved.excludedTags, ...(options.excludeTags ?? [])],
	};
	const clock = options.now === undefined ? systemClock : fixedClock(options.now);
	const disk = await DiskVault.load(vaultDir, { configDir: CONFIG_DIR });
	const workspace = new AssistantWorkspace({ store: disk.vault, auditFile: new DiskLogFile(join(pluginDir, "audit.jsonl")), clock, settings });
	return { disk, workspace, settings, clock, privacyReviewNeeded: loaded.data.state.privacyReviewNeeded, flush: () => disk.flush() };
}

/** Where the plugin keeps its files in a vault folder: `data.json` and the audit trail. */
export function pluginFolder(vaultDir: string): string {
	return join(vaultDir, CONFIG_DIR, "plugins", PLUGIN_ID);
}

/**
 * The texts of `data.json` and of its last good copy in the plugin folder, as `loadPluginDataFiles`
 * takes them; the copy's temporary file stands in for it when a save stopped between the two.
 */
export function readSavedFiles(pluginDir: string): SavedDataFiles {
	const lastGood = join(pluginDir, LAST_GOOD_FILE_NAME);
	return { data: readIfThere(join(pluginDir, "data.json")), lastGood: readIfThere(lastGood) ?? readIfThere(`${lastGood}.tmp`) };
}

function readIfThere(path: string): string | null {
	return existsSync(path) ? readFileSync(path, "utf8") : null;
}

export function fixedClock(iso: string): Clock {
	const time = new Date(iso);
	if (Number.isNaN(time.getTime())) throw new UsageError(`--now is not a date and time: ${iso}`);
	return { now: () => new Date(time) };
}

/** The audited writer over the folder, into the vault's own audit trail, as the plugin writes. */
export function auditedWriterOf(headless: HeadlessWorkspace): AuditedWriter {
	const { disk, workspace, settings, clock } = headless;
	return new AuditedWriter({ store: disk.vault, audit: workspace.audit, clock, excludedFolders: settings.excludedFolders });
}
