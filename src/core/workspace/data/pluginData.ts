import { CURRENT_SCHEMA_VERSION } from "./migrations";
import { defaultSettings, type Settings } from "./settings";
import { defaultState, type PluginState } from "./state";

/** Everything the plugin keeps in its `data.json`: the user's settings and its own state. */
export interface PluginData {
	readonly schemaVersion: number;
	readonly settings: Settings;
	readonly state: PluginState;
}

export function defaultPluginData(): PluginData {
	return { schemaVersion: CURRENT_SCHEMA_VERSION, settings: defaultSettings(), state: defaultState() };
}
