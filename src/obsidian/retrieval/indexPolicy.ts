import type { App } from "obsidian";
import { indexPolicyFor, type IndexPolicy } from "../../core/retrieval";
import type { Settings } from "../../core/workspace/data/settings";
import { layoutFor } from "../../core/workspace/layout";
import { userDailyNotesFolder } from "../userDailyNotes";

/** What may be indexed under these settings in this vault. */
export function indexPolicyOf(app: App, settings: Settings): IndexPolicy {
	return indexPolicyFor(layoutFor(settings.assistantFolder, settings.inboxFolder), {
		configDir: app.vault.configDir,
		excludedFolders: settings.excludedFolders,
		excludedTags: settings.excludedTags,
		// The audit log lives in the plugin's folder, under the configuration folder: never indexed.
		dailyNotesFolder: settings.dailyMemoryLocation === "daily-notes" ? userDailyNotesFolder(app) : undefined,
	});
}
