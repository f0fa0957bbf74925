import type { Plugin } from "obsidian";
import { t } from "../../i18n";
import type { HeartbeatRunner } from "./heartbeatRunner";

/**
 * How often the heartbeat looks again while the vault stays open, so that a vault left open past
 * midnight, or opened before the active hours, still gets its heartbeat. A look that finds it
 * already ran today reads one file and asks no model.
 */
export const HEARTBEAT_CHECK_MS = 5 * 60 * 1000;

/**
 * The heartbeat's triggers: the "Run heartbeat now" command at once, and, from `start` (when the
 * layout is ready, so the vault opens as fast as without the plugin), a run and then a look every
 * few minutes. Unloading the plugin stops the timer and a run in progress.
 */
export function registerHeartbeat(plugin: Plugin, runner: HeartbeatRunner): { start(): void } {
	plugin.addCommand({ id: "run-heartbeat", name: t("command.run-heartbeat"), callback: () => void runner.run(true) });
	plugin.register(() => runner.stop());
	return {
		start: () => {
			void runner.run(false);
			plugin.registerInterval(window.setInterval(() => void runner.run(false), HEARTBEAT_CHECK_MS));
		},
	};
}
