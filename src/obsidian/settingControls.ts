import { normalizeVaultPath } from "../core/vault/paths";
import type { Settings } from "../core/workspace/data/settings";

/** The settings the tab edits with a control; the rest are edited elsewhere or not at all. */
export type SettingKey = keyof Settings;

/**
 * Lists are edited as text, one entry a line; everything else is shown as it is stored.
 * Kept apart from the tab so the conversion is testable without Obsidian.
 */
export function settingToControl(settings: Settings, key: string): unknown {
	if (!isSettingKey(settings, key)) return undefined;
	const value = settings[key];
	return Array.isArray(value) ? value.join("\n") : value;
}

/** The change a control's new value makes, or `null` when the value does not fit the setting. */
export function settingFromControl(key: string, value: unknown): Partial<Settings> | null {
	switch (key) {
		case "assistantFolder":
			return typeof value === "string" ? { assistantFolder: value.trim().replace(/^\/+|\/+$/g, "") } : null;
		case "dailyMemoryLocation":
			return value === "assistant-folder" || value === "daily-notes" ? { dailyMemoryLocation: value } : null;
		case "archiveRetentionDays":
			return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 3650 ? { archiveRetentionDays: value } : null;
		case "excludedFolders":
		case "excludedTags":
			return typeof value === "string" ? { [key]: lines(value) } : null;
		case "pinnedNotes":
			return typeof value === "string" ? { pinnedNotes: lines(value).map(notePath) } : null;
		case "model":
			return typeof value === "string" && value.trim() !== "" ? { model: value.trim() } : null;
		case "language":
			return value === "auto" || value === "en" || value === "zh" ? { language: value } : null;
		default:
			return null;
	}
}

function lines(text: string): string[] {
	return text.split("\n").map((line) => line.trim()).filter((line) => line !== "");
}

/** A pinned note as the vault names it: normalized, `.md` added when the user left it out. */
function notePath(line: string): string {
	const path = normalizeVaultPath(line);
	return path.toLowerCase().endsWith(".md") ? path : `${path}.md`;
}

function isSettingKey(settings: Settings, key: string): key is SettingKey {
	return Object.prototype.hasOwnProperty.call(settings, key);
}
