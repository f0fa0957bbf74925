/** The plugin's id, as in `manifest.json`: its folder under the configuration folder is named after it. */
export const PLUGIN_ID = "assistant-workspace";

/** Where the plugin keeps its own files in a vault (settings, audit trail, lock files), below the vault root. */
export function pluginFolderIn(configDir: string): string {
	return `${configDir}/plugins/${PLUGIN_ID}`;
}
