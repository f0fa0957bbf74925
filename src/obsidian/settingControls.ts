import { formatTimeOfDay, parseTimeOfDay } from "../core/heartbeat";
import { normalizeVaultPath } from "../core/vault/paths";
import { PRESET_BASE_URLS, SERVER_CONTEXT_WINDOW_RANGE, SERVER_PRESETS } from "../core/model/modelServer";
import { serverBaseUrl } from "../core/workspace/data/serverUrl";
import { HOT_MEMORY_CAP_RANGE, MCP_PORT_RANGE, type Settings } from "../core/workspace/data/settings";

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
			return typeof value === "string" ? { assistantFolder: folderPath(value) } : null;
		case "dailyMemoryLocation":
			return value === "assistant-folder" || value === "daily-notes" ? { dailyMemoryLocation: value } : null;
		case "inboxFolder":
		case "promptsFolder":
			return typeof value === "string" ? { [key]: folderPath(value) } : null;
		case "hotMemoryCapTokens":
			return isHotMemoryCap(value) ? { hotMemoryCapTokens: value } : null;
		case "archiveRetentionDays":
			return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 3650
				? { archiveRetentionDays: value }
				: null;
		case "excludedFolders":
		case "excludedTags":
			return typeof value === "string" ? { [key]: lines(value) } : null;
		case "pinnedNotes":
			return typeof value === "string" ? { pinnedNotes: lines(value).map(notePath) } : null;
		case "model":
			return typeof value === "string" && value.trim() !== "" ? { model: value.trim() } : null;
		case "modelProvider":
			return value === "anthropic" || value === "compatible" ? { modelProvider: value } : null;
		case "serverPreset":
			return serverPresetChange(value);
		case "serverBaseUrl": {
			const url = typeof value === "string" ? serverBaseUrl(value) : null;
			return url === null ? null : { serverBaseUrl: url };
		}
		case "serverContextWindowTokens":
			return isServerContextWindow(value) ? { serverContextWindowTokens: value } : null;
		case "meaningSearch":
			return value === "off" || value === "server" || value === "endpoint" ? { meaningSearch: value } : null;
		case "embeddingApi":
			return value === "ollama" || value === "openai" ? { embeddingApi: value } : null;
		case "embeddingBaseUrl": {
			// Empty follows the model server's address.
			const url = typeof value !== "string" ? null : value.trim() === "" ? "" : serverBaseUrl(value);
			return url === null ? null : { embeddingBaseUrl: url };
		}
		case "embeddingModel":
			return typeof value === "string" ? { embeddingModel: value.trim() } : null;
		case "language":
			return value === "auto" || value === "en" || value === "zh" ? { language: value } : null;
		case "heartbeatEnabled":
		case "heartbeatAllDay":
		case "mcpServerEnabled":
		case "mcpServerAllowWrites":
			return typeof value === "boolean" ? { [key]: value } : null;
		case "mcpServerPort":
			return isMcpPort(value) ? { mcpServerPort: value } : null;
		case "heartbeatActiveStart":
			return typeof value === "string" ? timeOfDay(value, "start", (time) => ({ heartbeatActiveStart: time })) : null;
		case "heartbeatActiveEnd":
			return typeof value === "string" ? timeOfDay(value, "end", (time) => ({ heartbeatActiveEnd: time })) : null;
		default:
			return null;
	}
}

/** A time of the active hours as the settings keep it (`8:00` becomes `08:00`); `null` when it is not a time. */
function timeOfDay(
	text: string,
	role: "start" | "end",
	change: (time: string) => Partial<Settings>,
): Partial<Settings> | null {
	const parsed = parseTimeOfDay(text, role);
	return parsed.ok ? change(formatTimeOfDay(parsed.minutes)) : null;
}

/** Whether `value` is a hot memory cap the settings accept: whole tokens within `HOT_MEMORY_CAP_RANGE`. */
export function isHotMemoryCap(value: unknown): value is number {
	return (
		typeof value === "number" &&
		Number.isInteger(value) &&
		value >= HOT_MEMORY_CAP_RANGE.min &&
		value <= HOT_MEMORY_CAP_RANGE.max
	);
}

/** Whether `value` is a port the MCP server may take: a whole number within `MCP_PORT_RANGE`. */
export function isMcpPort(value: unknown): value is number {
	return (
		typeof value === "number" && Number.isInteger(value) && value >= MCP_PORT_RANGE.min && value <= MCP_PORT_RANGE.max
	);
}

/** A named server fills in its usual address; "Custom" keeps the address as it is, for the user to type. */
function serverPresetChange(value: unknown): Partial<Settings> | null {
	const preset = SERVER_PRESETS.find((known) => known === value);
	if (preset === undefined) return null;
	return preset === "custom"
		? { serverPreset: preset }
		: { serverPreset: preset, serverBaseUrl: PRESET_BASE_URLS[preset] };
}

/** Whether `value` is a context window the settings accept: whole tokens within `SERVER_CONTEXT_WINDOW_RANGE`. */
export function isServerContextWindow(value: unknown): value is number {
	return (
		typeof value === "number" &&
		Number.isInteger(value) &&
		value >= SERVER_CONTEXT_WINDOW_RANGE.min &&
		value <= SERVER_CONTEXT_WINDOW_RANGE.max
	);
}

/** A folder as the settings keep it: without the slashes a picker or a hand may put around it. */
function folderPath(text: string): string {
	return text.trim().replace(/^\/+|\/+$/g, "");
}

function lines(text: string): string[] {
	return text
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line !== "");
}

/** A pinned note as the vault names it: normalized, `.md` added when the user left it out. */
function notePath(line: string): string {
	const path = normalizeVaultPath(line);
	return path.toLowerCase().endsWith(".md") ? path : `${path}.md`;
}

function isSettingKey(settings: Settings, key: string): key is SettingKey {
	return Object.prototype.hasOwnProperty.call(settings, key);
}
