import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { backupFileName, loadPluginData, type LoadedPluginData } from "../../src/core/workspace/data/load";
import type { PluginData } from "../../src/core/workspace/data/pluginData";
import { pluginFolder, readSavedData } from "./headless";

/**
 * The plugin's `data.json` in a vault folder, read and saved as the plugin does it: loaded and
 * migrated by the same code, and a file that needed repair kept as a backup beside it before
 * anything is saved over it.
 */
export class DiskPluginData {
	private constructor(
		private readonly folder: string,
		readonly loaded: LoadedPluginData,
	) {}

	static load(vaultDir: string): DiskPluginData {
		const folder = pluginFolder(vaultDir);
		return new DiskPluginData(folder, loadPluginData(readSavedData(join(folder, "data.json"))));
	}

	/** Saves `data` whole, through a temporary file so that an interrupted save leaves the old file. */
	save(data: PluginData, now: Date): void {
		const file = join(this.folder, "data.json");
		mkdirSync(this.folder, { recursive: true });
		if (this.loaded.backupNeeded && existsSync(file)) copyFileSync(file, join(this.folder, backupFileName(now)));
		writeFileSync(`${file}.tmp`, `${JSON.stringify(data, null, 2)}\n`, "utf8");
		renameSync(`${file}.tmp`, file);
	}
}
