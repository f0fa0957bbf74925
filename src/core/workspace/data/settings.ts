import * as z from "zod/mini";
import { DEFAULT_MODEL } from "../../agent/defaultModel";

/**
 * The user's settings. Every field has a default, so that data saved before a field existed
 * loads as it was plus that field's default: a new setting needs no migration, only a schema
 * entry here and a default below. A migration is needed only to rename, move or reinterpret.
 */
export const settingsSchema = z.object({
	/** The assistant folder, vault-relative; `""` is the vault root. */
	assistantFolder: z.string(),
	/** Daily memory in the assistant folder (`memory/daily/`) or in the user's own daily notes. */
	dailyMemoryLocation: z.enum(["assistant-folder", "daily-notes"]),
	/** Days a daily memory note stays before it is archived. */
	archiveRetentionDays: z.number().check(z.int(), z.minimum(1), z.maximum(3650)),
	/** Folders that are never indexed, read or sent. */
	excludedFolders: z.array(z.string()),
	/** Tags that keep a note from being indexed, read or sent. */
	excludedTags: z.array(z.string()),
	/** The interface and template language; `auto` follows Obsidian's. */
	language: z.enum(["auto", "en", "zh"]),
	/** Whether the daily heartbeat may run at all. */
	heartbeatEnabled: z.boolean(),
	/** Notes the user keeps close: they rank higher in searches they match, never in others. */
	pinnedNotes: z.array(z.string()),
	/** The Claude model the chat asks (`DEFAULT_MODEL` until the user picks one); the key lives in SecretStorage. */
	model: z.string(),
});

export type Settings = z.infer<typeof settingsSchema>;

/** A fresh object each time, so that no caller can change another's defaults. */
export function defaultSettings(): Settings {
	return {
		assistantFolder: "",
		dailyMemoryLocation: "assistant-folder",
		archiveRetentionDays: 30,
		excludedFolders: [],
		excludedTags: [],
		language: "auto",
		heartbeatEnabled: true,
		pinnedNotes: [],
		model: DEFAULT_MODEL,
	};
}
