import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from "node:fs";
import { join } from "node:path";
import { backupFileName, LAST_GOOD_FILE_NAME, loadPluginDataFiles, type LoadedPluginData } from "../../src/core/workspace/data/load";
import type { PluginData } from "../../src/core/workspace/data/pluginData";
import { pluginFolder, readSavedFiles } from "./headless";

/**
 * The plugin's `data.json` in a vault folder, read and saved as the plugin does it: loaded and
 * migrated by the same code, a file that needed repair kept as a backup beside it before
 * anything is saved over it, and every save kept again as the last good copy.
 */
export class DiskPluginData {
	private constructor(
		private readonly folder: string,
		readonly loaded: LoadedPluginData,
	) {}

	static load(vaultDir: string): DiskPluginData {
		const folder = pluginFolder(vaultDir);
		return new DiskPluginData(folder, loadPluginDataFiles(readSavedFiles(folder)));
	}

	/** Saves `data` whole, then its last good copy, each through a temporary file so that an interrupted save leaves the old file. */
	save(data: PluginData, now: Date): void {
		const file = join(this.folder, "data.json");
		mkdirSync(this.folder, { recursive: true });
		if (this.loaded.backupNeeded && existsSync(file)) copyFileSync(file, join(this.folder, backupFileName(now)));
		const text = `${JSON.stringify(data, null, 2)}\n`;
		replaceWhole(file, text);
		replaceWhole(join(this.folder, LAST_GOOD_FILE_NAME), text);
	}
}

/** Writes `text` to a temporary file beside `file`, flushed to the disk, then renamed over it. */
function replaceWhole(file: string, text: string): void {
	const temporary = `${file}.tmp`;
	const fd = openSync(temporary, "w");
	try {
		writeSync(fd, text);
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
	renameSync(temporary, file);
}
