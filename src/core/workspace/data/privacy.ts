import * as z from "zod/mini";
import { isRecord, type DataRecord } from "./json";
import type { PluginData } from "./pluginData";
import type { DataProblem } from "./salvage";
import { settingsSchema } from "./settings";

/** The settings that hide notes from the assistant: lists, where more entries hide more. */
export const PRIVACY_SETTINGS = ["excludedFolders", "excludedTags"] as const;

export interface Saved {
	/** The record as read and migrated to the current version. */
	readonly record: DataRecord;
	/**
	 * Whether the version it was saved by always saved the settings whole, so that a missing
	 * privacy setting is damage. The flat files of version 0 (a first workspace's state.json
	 * among them) may have none: there a missing one means nothing was hidden.
	 */
	readonly savedWhole: boolean;
}

/**
 * Salvaging falls back to a default where a value is broken, and the default of a privacy setting
 * is "nothing hidden". Here a privacy setting that is missing or not wholly valid in the saved
 * record, or any privacy setting of a record damaged elsewhere, takes what was valid in it together
 * with the last good copy's value, so it is never less strict than the last good copy; without a
 * last good copy a broken one leaves no knowing what the user hid, and the review flag is set,
 * which keeps every model call refused until the user has looked.
 * `salvaged` is what salvaging made of `saved`.
 */
export function guardPrivacy(
	saved: Saved,
	salvaged: PluginData,
	lastGood: PluginData | null,
	problems: DataProblem[],
): PluginData {
	const savedSettings = isRecord(saved.record.settings) ? saved.record.settings : {};
	const settings = { ...salvaged.settings };
	// In a file damaged elsewhere, even a valid list may be an older one (a sync that brought back a stale copy).
	const damaged = problems.length > 0;
	let unknown = false;
	for (const field of PRIVACY_SETTINGS) {
		const value = savedSettings[field];
		const valid = z.safeParse(settingsSchema.shape[field], value).success;
		if (!valid && value === undefined) {
			// A flat file of version 0 may lack it: salvaging gave it the last good copy's value, else "nothing hidden".
			if (!saved.savedWhole) continue;
			problems.push({ key: "data.problem.missing-field", params: { field: `settings.${field}` } });
		}
		if (valid && !damaged) continue;
		if (lastGood !== null) settings[field] = union(settings[field], lastGood.settings[field]);
		else if (!valid) unknown = true;
	}
	// Where the notes go is as private as what is hidden: an unreadable provider falls back to
	// Anthropic, which a user of a server on their own machine never chose. A missing one is a file
	// saved before there was a choice, when Anthropic was the only one.
	const provider = savedSettings.modelProvider;
	if (provider !== undefined && !z.safeParse(settingsSchema.shape.modelProvider, provider).success && lastGood === null)
		unknown = true;
	const savedFlag = isRecord(saved.record.state) ? saved.record.state.privacyReviewNeeded : undefined;
	// A flag that cannot be read may have been `true`; only a last good copy can say it was not.
	if (savedFlag !== undefined && typeof savedFlag !== "boolean" && lastGood === null) unknown = true;
	// Like the lists, the flag of a damaged file is never less strict than the copy's.
	const copyAwaitsReview = damaged && lastGood !== null && lastGood.state.privacyReviewNeeded;
	const privacyReviewNeeded = salvaged.state.privacyReviewNeeded || unknown || copyAwaitsReview;
	return { ...salvaged, settings, state: { ...salvaged.state, privacyReviewNeeded } };
}

function union(kept: readonly string[], lastGood: readonly string[]): string[] {
	return [...new Set([...kept, ...lastGood])];
}
