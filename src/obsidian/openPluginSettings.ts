import type { App } from "obsidian";

/** Obsidian's settings window, which the API does not declare: `app.setting`, as plugins have long used it. */
interface SettingsWindow {
	open(): void;
	openTabById(id: string): unknown;
}

/**
 * Opens Obsidian's settings at the plugin's tab; `false` when this Obsidian has no such window
 * (the caller then says where the settings are).
 */
export function openPluginSettings(app: App, pluginId: string): boolean {
	const setting = (app as unknown as { readonly setting?: Partial<SettingsWindow> }).setting;
	if (typeof setting?.open !== "function" || typeof setting.openTabById !== "function") return false;
	setting.open();
	setting.openTabById(pluginId);
	return true;
}
