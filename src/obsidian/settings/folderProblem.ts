import { assertContained } from "../../core/vault/containment";
import { describeError } from "../describeError";
import type { SettingsContext } from "./settingsContext";

/**
 * Why the containment guard refuses `folder` as a folder the assistant writes in (outside the
 * vault, in the configuration folder, the trash or a private folder), in the user's language;
 * `undefined` when it may be used. Empty and `/` are accepted: each setting says what they mean.
 */
export function folderProblem(context: SettingsContext, folder: string): string | undefined {
	if (folder.trim() === "" || folder.trim() === "/") return undefined;
	try {
		assertContained(folder, {
			configDir: context.app.vault.configDir,
			excludedFolders: context.settingsStore.settings.excludedFolders,
		});
		return undefined;
	} catch (error) {
		return describeError(error);
	}
}
