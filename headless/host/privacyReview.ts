import { t } from "../../src/i18n";
import type { HeadlessWorkspace } from "./headlessWorkspace";
import { UsageError } from "./usageError";

/** How the command line's user lifts the refusal, where the plugin's settings tab has a button. */
export const PRIVACY_FIX =
	"Repair the plugin's data.json (the damaged original is kept beside it as data.json.corrupt-….bak) so that excludedFolders and excludedTags are yours and state.privacyReviewNeeded is false, or confirm them in the plugin's Privacy settings in Obsidian.";

/**
 * Refuses, before anything is read or sent, while the vault's privacy settings could not be
 * recovered and nobody has checked them: a model (or an embedding server) would be given notes
 * under rules no one confirmed.
 */
export function refuseUnconfirmedPrivacy(headless: Pick<HeadlessWorkspace, "privacyReviewNeeded">): void {
	if (headless.privacyReviewNeeded) throw new UsageError(`${t("model-error.privacy-unconfirmed")} ${PRIVACY_FIX}`);
}
