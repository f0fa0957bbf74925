import type { Settings } from "./settings";

/**
 * The settings a model's tool verdict (`state.modelsWithoutTools`) was found under: another
 * server, address, model or key may well call tools, so a change of any of them forgets it.
 */
const SERVER_SETTINGS = [
	"modelProvider",
	"serverPreset",
	"serverBaseUrl",
	"serverModel",
	"serverKeySecret",
] as const satisfies readonly (keyof Settings)[];

/** How `state.modelsWithoutTools` names a model: the server's base URL and the model, as the settings have them. */
export function toolVerdictKey(settings: Pick<Settings, "serverBaseUrl" | "serverModel">): string {
	return `${settings.serverBaseUrl} ${settings.serverModel}`;
}

/** Whether `change` alters a server setting the verdicts were found under (a value set to what it was does not). */
export function forgetsToolVerdicts(before: Settings, change: Partial<Settings>): boolean {
	return SERVER_SETTINGS.some((key) => key in change && change[key] !== before[key]);
}
