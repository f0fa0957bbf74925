import type { App } from "obsidian";

/**
 * Obsidian's settings window, `app.setting`: an internal API that the public one does not declare
 * (obsidian-typings describes it) and plugins have long used. Each function checks for what it
 * calls, so an Obsidian without it leaves the caller to say where the settings are.
 */
interface SettingsWindow {
	open(): void;
	close(): void;
	openTabById(id: string): unknown;
}

function settingsWindow(app: App): Partial<SettingsWindow> | undefined {
	const setting: unknown = (app as unknown as { readonly setting?: unknown }).setting;
	return typeof setting === "object" && setting !== null ? setting : undefined;
}

/** Opens the settings at the plugin's tab; `false` when this Obsidian has no such window. */
export function openPluginSettings(app: App, pluginId: string): boolean {
	const setting = settingsWindow(app);
	if (typeof setting?.open !== "function" || typeof setting.openTabById !== "function") return false;
	setting.open();
	setting.openTabById(pluginId);
	return true;
}

/** Closes the settings, if open, so that what an action of the settings tab shows next (the chat) is not hidden behind it. */
export function closeSettings(app: App): void {
	const setting = settingsWindow(app);
	if (typeof setting?.close === "function") setting.close();
}
