import type { Editor, MarkdownFileInfo } from "obsidian";
import type { App } from "../obsidianApi/app";
import { MarkdownView } from "../obsidianApi/view";
import type { Plugin } from "./shellPlugin";
import { CommandPalette, type PaletteCommand } from "./commandPalette";
import { iconButton, toggleSidebar, type ShellLayout } from "./shellLayout";
import { SettingsModal } from "./settingsModal";
import type { PluginSettingTab } from "./shellPlugin";
import { toggleTheme } from "./theme";

/**
 * The shell's own commands and keys, as Obsidian's: the command palette (Ctrl/Cmd+P), the
 * settings (Ctrl/Cmd+,), the light or dark theme, the sidebars; and their ribbon buttons.
 */
export function installShellCommands(app: App, layout: ShellLayout, plugins: readonly Plugin[]): void {
	// One settings window, `app.setting`, as Obsidian has: a plugin may close it, or open it at its own tab.
	const settings = new SettingsModal(app, () =>
		plugins.flatMap((plugin) =>
			plugin.settingTabs.map((tab) => ({
				id: plugin.manifest.id,
				name: plugin.manifest.name,
				tab: tab as PluginSettingTab,
			})),
		),
	);
	app.setting = settings;
	const openSettings = () => settings.open();
	const own: PaletteCommand[] = [
		{ name: "Settings: Open settings", command: { id: "app:open-settings", callback: openSettings } },
		{ name: "Appearance: Toggle light and dark theme", command: { id: "theme:toggle", callback: toggleTheme } },
		{
			name: "Workspace: Toggle left sidebar",
			command: { id: "app:toggle-left-sidebar", callback: () => toggleSidebar("left") },
		},
		{
			name: "Workspace: Toggle right sidebar",
			command: { id: "app:toggle-right-sidebar", callback: () => toggleSidebar("right") },
		},
	];
	const commands = () => [
		...plugins.flatMap((plugin) =>
			plugin.commands.map((command) => ({ name: `${plugin.manifest.name}: ${command.name}`, command })),
		),
		...own,
	];
	const openPalette = () => new CommandPalette(app, commands, () => activeEditor(app)).open();

	layout.ribbon.prepend(
		iconButton(createDiv(), "terminal", "Open command palette", openPalette, "side-dock-ribbon-action clickable-icon"),
	);
	iconButton(
		layout.ribbonFoot,
		"moon",
		"Toggle light and dark theme",
		toggleTheme,
		"side-dock-ribbon-action clickable-icon",
	);
	iconButton(layout.ribbonFoot, "settings", "Settings", openSettings, "side-dock-ribbon-action clickable-icon");
	document.addEventListener("keydown", (evt) => {
		if (!(evt.ctrlKey || evt.metaKey) || evt.altKey || evt.shiftKey) return;
		const run = evt.key === "p" ? openPalette : evt.key === "," ? openSettings : null;
		if (run === null) return;
		evt.preventDefault();
		run();
	});
}

/** The note pane's editor, when the note is open in editing view. */
function activeEditor(app: App): { editor: Editor; info: MarkdownFileInfo } | null {
	const view = app.workspace.getMostRecentLeaf()?.view;
	if (!(view instanceof MarkdownView) || view.file === null || view.getMode() !== "source") return null;
	// The mock's editor and view stand for Obsidian's where a plugin's command takes them.
	return { editor: view.editor as unknown as Editor, info: view as unknown as MarkdownFileInfo };
}
