import { normalizePath, type Plugin } from "obsidian";
import { backupFileName, loadPluginData, UnreadableData } from "../core/workspace/data/load";
import type { PluginData } from "../core/workspace/data/pluginData";
import type { Notifier } from "../core/ports";
import { t } from "../i18n";

/**
 * The plugin's `data.json`, read so that a broken file never costs the user anything: the
 * original text is kept as a backup beside it, every problem is told in a notice, and whatever
 * settings are still valid are used.
 */
export async function readPluginData(plugin: Plugin, notifier: Notifier, now: Date): Promise<PluginData> {
	const loaded = loadPluginData(await readRaw(plugin));
	if (loaded.backupNeeded) await keepBackup(plugin, notifier, now);
	for (const problem of loaded.problems) notifier.notify(t(problem.key, problem.params));
	return loaded.data;
}

async function readRaw(plugin: Plugin): Promise<unknown> {
	try {
		const saved: unknown = await plugin.loadData();
		return saved;
	} catch {
		// Obsidian's loadData throws when data.json is not JSON; keep its text for the backup.
		return new UnreadableData(await plugin.app.vault.adapter.read(dataFilePath(plugin)).catch(() => ""));
	}
}

/** Copies `data.json` byte for byte before anything can be saved over it. */
async function keepBackup(plugin: Plugin, notifier: Notifier, now: Date): Promise<void> {
	const adapter = plugin.app.vault.adapter;
	const file = backupFileName(now);
	await adapter.write(normalizePath(`${pluginDir(plugin)}/${file}`), await adapter.read(dataFilePath(plugin)));
	notifier.notify(t("data.backup-kept", { file }));
}

export function pluginDir(plugin: Plugin): string {
	return plugin.manifest.dir ?? normalizePath(`${plugin.app.vault.configDir}/plugins/${plugin.manifest.id}`);
}

function dataFilePath(plugin: Plugin): string {
	return normalizePath(`${pluginDir(plugin)}/data.json`);
}
