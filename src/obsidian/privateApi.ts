import type { App } from "obsidian";

/**
 * Readers of Obsidian's internal APIs (not in its public typings, described by obsidian-typings).
 * Each checks the shape it finds, since an update may remove or reshape what it reads, and falls
 * back to what the plugin does without it instead of throwing.
 */

/**
 * An id for the open vault that stays the same from one start to the next. Obsidian's `appId`
 * (what it keys its own per-vault storage with) when there is one; otherwise the vault's name and,
 * where the platform has one, its folder on disk. Two vaults of the same name on a device with
 * no folder path would then share the id: what they share is the search index, rebuilt when it
 * does not match the vault's notes.
 */
export function vaultIdOf(app: App): string {
	const appId: unknown = (app as { appId?: unknown }).appId;
	if (typeof appId === "string" && appId.trim() !== "") return appId;
	const adapter: unknown = app.vault.adapter;
	const basePath = hasMethod(adapter, "getBasePath") ? adapter.getBasePath() : null;
	return ["vault", app.vault.getName(), typeof basePath === "string" ? basePath : ""].join(":");
}

/**
 * The options of an enabled core plugin (`daily-notes`, `templates`), or none when it is off,
 * or when Obsidian's internal plugin registry is missing or not shaped as expected.
 */
export function corePluginOptions(app: App, id: "daily-notes" | "templates"): Readonly<Record<string, unknown>> {
	const registry: unknown = (app as { internalPlugins?: unknown }).internalPlugins;
	if (!hasMethod(registry, "getEnabledPluginById")) return {};
	let plugin: unknown;
	try {
		plugin = registry.getEnabledPluginById(id);
	} catch {
		return {};
	}
	const options: unknown = isRecord(plugin) ? plugin.options : null;
	return isRecord(options) ? options : {};
}

/** A text option of a core plugin, trimmed; `""` when it is unset or not text. */
export function textOption(options: Readonly<Record<string, unknown>>, name: string): string {
	const value = options[name];
	return typeof value === "string" ? value.trim() : "";
}

/** The suggest modal's list (`chooser`), when it is there and can use its selected item. */
export function suggestionChooser(modal: object): { useSelectedItem(evt: KeyboardEvent): unknown } | null {
	const chooser: unknown = (modal as { chooser?: unknown }).chooser;
	return hasMethod(chooser, "useSelectedItem") ? chooser : null;
}

/**
 * Whether the metadata cache has finished its first pass over the vault (`MetadataCache.initialized`):
 * before, `resolvedLinks` may lack notes' links. When the flag is not there, it is taken as done,
 * as the plugin did without it: never hiding every attachment for good.
 */
export function metadataInitialized(app: App): boolean {
	const initialized: unknown = (app.metadataCache as { initialized?: unknown }).initialized;
	return typeof initialized === "boolean" ? initialized : true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasMethod<Name extends string>(
	value: unknown,
	name: Name,
): value is Record<Name, (...args: unknown[]) => unknown> {
	return typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[name] === "function";
}

/**
 * The vault file being dragged (from the file explorer, a link, a search result), from Obsidian's
 * drag manager: its path, or `null` when nothing of the vault is dragged or the shape changed.
 */
export function draggedVaultFile(app: App): string | null {
	const manager: unknown = (app as { dragManager?: unknown }).dragManager;
	const draggable: unknown = isRecord(manager) ? manager.draggable : null;
	if (!isRecord(draggable) || draggable.type !== "file" || !isRecord(draggable.file)) return null;
	const path = draggable.file.path;
	return typeof path === "string" ? path : null;
}
