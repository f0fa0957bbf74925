import { vaultMapPaths } from "../../core/organize/vaultMapText";
import type { Settings } from "../../core/workspace/data/settings";
import { openCommandContext, type CommandDeps } from "../commandContext";
import { refreshVaultMap } from "./vaultMapRefresh";

/** The settings that decide what is private: a change to either may hide a folder, a note or a tag the map names. */
const PRIVACY_RULES: readonly (keyof Settings)[] = ["excludedFolders", "excludedTags"];

/** How long the rules stay unchanged before the map is rebuilt: typing a folder's name saves at every key. */
const SETTLE_MS = 1500;

/**
 * Rebuilds the vault map when the user changes the private folders or tags, so that the map no
 * longer names what they hid (nor leaves out what they showed again): the chat and MCP clients
 * withhold what it names under today's rules in the meantime, and the user reads it too. A map
 * the user never made is not made here. A failure is logged, never shown: the user asked for
 * another thing.
 */
export function rebuildVaultMapOnRuleChange(deps: CommandDeps): void {
	const { plugin, settingsStore } = deps;
	let timer: number | null = null;
	const rebuild = async () => {
		const context = await openCommandContext(deps, "user");
		const paths = vaultMapPaths(context.workspace.layout);
		if (!paths.some((path) => context.memory.writer.isTaken(path))) return;
		await refreshVaultMap(context, "user");
	};
	plugin.register(
		settingsStore.onChange((changed) => {
			if (!changed.settings.some((key) => PRIVACY_RULES.includes(key))) return;
			if (timer !== null) window.clearTimeout(timer);
			timer = window.setTimeout(() => {
				timer = null;
				rebuild().catch((error: unknown) =>
					console.error("Assistant Workspace: the vault map could not follow the privacy rules.", error),
				);
			}, SETTLE_MS);
		}),
	);
	plugin.register(() => {
		if (timer !== null) window.clearTimeout(timer);
	});
}
