import { CURRENT_SCHEMA_VERSION } from "../../../src/core/workspace/data/migrations";
import { DEFAULT_API_KEY_SECRET, defaultSettings, type Settings } from "../../../src/core/workspace/data/settings";
import { defaultState, type PluginState } from "../../../src/core/workspace/data/state";

/** The plugin's own data file in the example vault (its config folder is `.obsidian`). */
export const PLUGIN_DATA = ".obsidian/plugins/assistant-workspace/data.json";

/** The key the onboarded vault's settings name, as it sits in the page's secret storage. */
export const FAKE_KEY = { [DEFAULT_API_KEY_SECRET]: "sk-ant-e2e-valid" };

/**
 * The files of a vault whose onboarding was done on an earlier day: identity files, a
 * `HEARTBEAT.md` with a real checklist, and the plugin's `data.json` saying so; the key is
 * `FAKE_KEY`. For `files` of `open()`, with `secrets: FAKE_KEY`.
 */
export function onboardedVault(
	change: { readonly settings?: Partial<Settings>; readonly state?: Partial<PluginState> } = {},
): Record<string, string> {
	const settings = { ...defaultSettings(), ...change.settings };
	const state = { ...defaultState(), onboardingComplete: true, ...change.state };
	return {
		"soul.md": "# Soul\n\nWarm and brief.\n",
		"user.md": "# User\n\nMina, a PhD student writing a thesis on sleep and memory.\n",
		"claude.md": "# Rules\n\nAnswer in English.\n",
		"memory.md": "# Memory\n",
		"HEARTBEAT.md":
			"# Heartbeat\n\n- [ ] Remind me to call mom on Sundays\n- [ ] Tell me when a thesis draft is due this week\n",
		[PLUGIN_DATA]: JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION, settings, state }, null, 2),
	};
}
