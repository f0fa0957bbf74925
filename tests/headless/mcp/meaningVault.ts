import { defaultPluginData } from "../../../src/core/workspace/data/pluginData";
import { NEWCOMER_VAULT } from "../../harness/fakeEmbeddings/newcomerVault";
import { TempVault } from "../tempVault";

/** Held by a note hidden from the start, and by the text that makes a public note private while a server runs. */
export const CANARY = "heron-in-the-reeds";

/** The plugin's settings with these private folders and the private tag `secret`. */
export function settingsHiding(excludedFolders: readonly string[]): string {
	const data = defaultPluginData();
	return JSON.stringify({ ...data, settings: { ...data.settings, excludedFolders, excludedTags: ["secret"] } });
}

/** The newcomer's vault, a note in a private folder, and the plugin's settings naming that folder and a private tag. */
export function meaningVault(): TempVault {
	const vault = new TempVault().put("Private/Diary.md", `# Diary\n\nThe canary sentence: ${CANARY}.\n`);
	for (const [path, text] of Object.entries(NEWCOMER_VAULT)) vault.put(path, text);
	return vault.put(".obsidian/plugins/assistant-workspace/data.json", settingsHiding(["Private"]));
}
