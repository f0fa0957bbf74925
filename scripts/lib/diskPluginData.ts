import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { replaceFileAtomically } from "../../headless/vault/atomicFile";
import { assertNoSymlinkBelow, makeFolderBelow } from "../../headless/vault/noSymlinks";
import { backupFileName, loadPluginData, type LoadedPluginData } from "../../src/core/workspace/data/load";
import type { PluginData } from "../../src/core/workspace/data/pluginData";
import { PLUGIN_FOLDER, readSavedData } from "./headless";

/**
 * The plugin's `data.json` in a vault folder, read and saved as the plugin does it: loaded and
 * migrated by the same code, and a file that needed repair kept as a backup beside it before
 * anything is saved over it.
 */
export class DiskPluginData {
	private constructor(
		private readonly vaultDir: string,
		readonly loaded: LoadedPluginData,
	) {}

	static load(vaultDir: string): DiskPluginData {
		return new DiskPluginData(vaultDir, loadPluginData(readSavedData(join(vaultDir, PLUGIN_FOLDER, "data.json"))));
	}

	/**
	 * Saves `data` whole and atomically (a temporary file flushed, then renamed over the old one),
	 * so that an interrupted save leaves the old file; never through a symbolic link.
	 */
	save(data: PluginData, now: Date): void {
		const relative = `${PLUGIN_FOLDER}/data.json`;
		makeFolderBelow(this.vaultDir, PLUGIN_FOLDER);
		assertNoSymlinkBelow(this.vaultDir, relative);
		const file = join(this.vaultDir, relative);
		if (this.loaded.backupNeeded && existsSync(file)) copyFileSync(file, join(this.vaultDir, PLUGIN_FOLDER, backupFileName(now)));
		replaceFileAtomically(file, `${JSON.stringify(data, null, 2)}\n`);
	}
}
