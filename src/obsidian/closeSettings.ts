import type { App } from "obsidian";

/** Obsidian's settings window, `app.setting` (an internal API that obsidian-typings describes). */
interface SettingsWindow {
	close(): void;
}

/**
 * Closes Obsidian's settings window, if it is open, so that what an action of the settings tab
 * shows next (the chat) is not hidden behind it. Without the internal API, nothing happens.
 */
export function closeSettings(app: App): void {
	const setting: unknown = (app as unknown as { setting?: unknown }).setting;
	if (isSettingsWindow(setting)) setting.close();
}

function isSettingsWindow(value: unknown): value is SettingsWindow {
	return typeof value === "object" && value !== null && typeof (value as { close?: unknown }).close === "function";
}
