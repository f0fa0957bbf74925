import { normalizePath, type DataAdapter, type Plugin } from "obsidian";
import { backupFileName, LAST_GOOD_FILE_NAME, loadPluginDataFiles } from "../core/workspace/data/load";
import type { PluginData } from "../core/workspace/data/pluginData";
import type { Notifier } from "../core/ports";
import { t } from "../i18n";

/**
 * The plugin's `data.json`, read so that a broken file never costs the user anything: the
 * original text is kept as a backup beside it before anything can be saved over it, every
 * problem is told in a notice, the last good copy stands in for what cannot be read, and when
 * the privacy settings cannot be recovered at all the user is told that nothing goes to a model
 * until they have checked them.
 */
export async function readPluginData(plugin: Plugin, notifier: Notifier, now: Date): Promise<PluginData> {
	const adapter = plugin.app.vault.adapter;
	const data = await readIfThere(adapter, dataFilePath(plugin));
	// A copy that was being replaced when the app stopped is still whole in its temporary file.
	const lastGood =
		(await readIfThere(adapter, lastGoodPath(plugin))) ?? (await readIfThere(adapter, lastGoodTemporaryPath(plugin)));
	const loaded = loadPluginDataFiles({ data, lastGood });
	if (loaded.backupNeeded && data !== null) await keepBackup(plugin, notifier, now, data);
	for (const problem of loaded.problems) notifier.notify(t(problem.key, problem.params));
	if (loaded.data.state.privacyReviewNeeded) notifier.notify(t("data.privacy-review-needed"));
	return loaded.data;
}

/**
 * Saves `data` as `data.json`, then keeps the same text as the last good copy, replaced through a
 * temporary file so that an interruption leaves either the old copy or the new one whole.
 */
export async function savePluginData(plugin: Plugin, data: PluginData): Promise<void> {
	await plugin.saveData(data);
	const adapter = plugin.app.vault.adapter;
	const copy = lastGoodPath(plugin);
	const temporary = lastGoodTemporaryPath(plugin);
	await adapter.write(temporary, JSON.stringify(data, null, 2));
	// Obsidian's rename does not replace an existing file.
	if (await adapter.exists(copy)) await adapter.remove(copy);
	await adapter.rename(temporary, copy);
}

async function readIfThere(adapter: DataAdapter, path: string): Promise<string | null> {
	return (await adapter.exists(path)) ? adapter.read(path) : null;
}

/** Keeps the text of `data.json` as read, before anything can be saved over it. */
async function keepBackup(plugin: Plugin, notifier: Notifier, now: Date, text: string): Promise<void> {
	const file = backupFileName(now);
	await plugin.app.vault.adapter.write(normalizePath(`${pluginDir(plugin)}/${file}`), text);
	notifier.notify(t("data.backup-kept", { file }));
}

export function pluginDir(plugin: Plugin): string {
	return plugin.manifest.dir ?? normalizePath(`${plugin.app.vault.configDir}/plugins/${plugin.manifest.id}`);
}

function dataFilePath(plugin: Plugin): string {
	return normalizePath(`${pluginDir(plugin)}/data.json`);
}

function lastGoodPath(plugin: Plugin): string {
	return normalizePath(`${pluginDir(plugin)}/${LAST_GOOD_FILE_NAME}`);
}

function lastGoodTemporaryPath(plugin: Plugin): string {
	return `${lastGoodPath(plugin)}.tmp`;
}
