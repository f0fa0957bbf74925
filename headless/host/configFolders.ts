import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pluginFolderIn } from "../vault/pluginFolder";

/**
 * The vault's top-level dot-folders, other than `configDir`, that hold the plugin's settings.
 * Obsidian lets a device keep its configuration in a folder of another name: a host that reads
 * only `configDir` would find no settings there, and so no private folders or tags at all.
 */
export function otherConfigFolders(vaultDir: string, configDir: string): string[] {
	return readdirSync(vaultDir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory() && entry.name.startsWith(".") && entry.name !== configDir)
		.filter((entry) => existsSync(join(vaultDir, pluginFolderIn(entry.name), "data.json")))
		.map((entry) => entry.name);
}
