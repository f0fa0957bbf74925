import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { replaceFileAtomically } from "../../headless/vault/atomicFile";
import { assertNoSymlinkBelow, makeFolderBelow } from "../../headless/vault/noSymlinks";
import {
	backupFileName,
	LAST_GOOD_FILE_NAME,
	loadPluginDataFiles,
	type LoadedPluginData,
} from "../../src/core/workspace/data/load";
import type { PluginData } from "../../src/core/workspace/data/pluginData";
import { PLUGIN_FOLDER, readSavedFiles } from "./headless";

/**
 * The plugin's `data.json` in a vault folder, read and saved as the plugin does it: loaded and
 * migrated by the same code, a file that needed repair kept as a backup beside it before
 * anything is saved over it, and every save kept again as the last good copy.
 */
export class DiskPluginData {
	private constructor(
		private readonly vaultDir: string,
		readonly loaded: LoadedPluginData,
	) {}

	static load(vaultDir: string): DiskPluginData {
		return new DiskPluginData(vaultDir, loadPluginDataFiles(readSavedFiles(vaultDir)));
	}

	/**
	 * Saves `data` whole, then its last good copy, each atomically (a temporary file flushed, then
	 * renamed over the old one), so that an interrupted save leaves the old file; never through a
	 * symbolic link.
	 */
	save(data: PluginData, now: Date): void {
		makeFolderBelow(this.vaultDir, PLUGIN_FOLDER);
		const text = `${JSON.stringify(data, null, 2)}\n`;
		const file = this.fileBelow("data.json");
		if (this.loaded.backupNeeded && existsSync(file)) copyFileSync(file, this.fileBelow(backupFileName(now)));
		replaceFileAtomically(file, text);
		replaceFileAtomically(this.fileBelow(LAST_GOOD_FILE_NAME), text);
	}

	/** The absolute path of a file of the plugin folder, once no part of it is a symbolic link. */
	private fileBelow(name: string): string {
		const relative = `${PLUGIN_FOLDER}/${name}`;
		assertNoSymlinkBelow(this.vaultDir, relative);
		return join(this.vaultDir, relative);
	}
}
