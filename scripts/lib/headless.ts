import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { AssistantWorkspace } from "../../src/core/assistantWorkspace";
import type { Clock } from "../../src/core/ports";
import { systemClock } from "../../src/core/systemClock";
import { loadPluginData, UnreadableData } from "../../src/core/workspace/data/load";
import type { Settings } from "../../src/core/workspace/data/settings";
import { DiskVault } from "../../headless/vault/diskVault";
import type { HostProblem } from "../../headless/vault/hostProblems";
import { pluginFolderIn } from "../../headless/vault/pluginFolder";
import { t } from "../../src/i18n";
import { UsageError } from "./args";
import { DiskLogFile } from "./diskLogFile";

const CONFIG_DIR = ".obsidian";

/** Where the plugin keeps its files below a vault folder: `data.json`, the audit trail, lock files. */
export const PLUGIN_FOLDER = pluginFolderIn(CONFIG_DIR);

/** The workspace over a vault folder. Every write is on disk when its promise settles. */
export interface HeadlessWorkspace {
	readonly vault: DiskVault;
	readonly workspace: AssistantWorkspace;
	readonly settings: Settings;
	readonly clock: Clock;
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
	const saved = loadPluginData(readSavedData(join(vaultDir, PLUGIN_FOLDER, "data.json"))).data.settings;
	const settings: Settings = {
		...saved,
		assistantFolder: options.folder ?? saved.assistantFolder,
		excludedFolders: [...saved.excludedFolders, ...(options.excludeFolders ?? [])],
		excludedTags: [...saved.excludedTags, ...(options.excludeTags ?? [])],
	};
	const clock = options.now === undefined ? systemClock : fixedClock(options.now);
	const vault = DiskVault.open(vaultDir, { configDir: CONFIG_DIR, problems: { report: (problem) => process.stderr.write(`${problemText(problem)}\n`) } });
	const auditFile = new DiskLogFile(vault.root, `${PLUGIN_FOLDER}/audit.jsonl`);
	const workspace = new AssistantWorkspace({ store: vault, metadata: vault, auditFile, clock, settings });
	return { vault, workspace, settings, clock };
}

function problemText(problem: HostProblem): string {
	return problem.kind === "not-utf8-name" ? t("host.skipped-name", { name: problem.name }) : t("host.unreadable-metadata", { path: problem.path });
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
