import type { Setting } from "obsidian";
import type { PluginState } from "../../core/workspace/data/state";
import { t } from "../../i18n";
import { formatTime } from "../localeFormat";
import { activeHoursProblem } from "./activeHoursProblem";
import { renderFileStatus } from "./fileRow";
import type { SettingsContext, SettingsSection } from "./settingsContext";

/** The heartbeat: on or off, its active hours (refused in place when they are not times), its checklist, its last run. */
export function heartbeatSection(context: SettingsContext): SettingsSection {
	const { settingsStore } = context;
	const timesOff = () => settingsStore.settings.heartbeatAllDay;
	return {
		type: "group",
		heading: t("settings.heartbeat.heading"),
		items: [
			{
				name: t("settings.heartbeat.enabled.name"),
				desc: t("settings.heartbeat.enabled.desc"),
				control: { type: "toggle", key: "heartbeatEnabled" },
			},
			{
				name: t("settings.heartbeat.start.name"),
				desc: t("settings.heartbeat.start.desc"),
				control: {
					type: "text",
					key: "heartbeatActiveStart",
					placeholder: "08:00",
					disabled: timesOff,
					validate: (value) => activeHoursProblem(settingsStore.settings, { heartbeatActiveStart: value }),
				},
			},
			{
				name: t("settings.heartbeat.end.name"),
				desc: t("settings.heartbeat.end.desc"),
				control: {
					type: "text",
					key: "heartbeatActiveEnd",
					placeholder: "22:00",
					disabled: timesOff,
					validate: (value) => activeHoursProblem(settingsStore.settings, { heartbeatActiveEnd: value }),
				},
			},
			{
				name: t("settings.heartbeat.all-day.name"),
				desc: t("settings.heartbeat.all-day.desc"),
				control: { type: "toggle", key: "heartbeatAllDay" },
			},
			{
				name: t("settings.heartbeat.checklist.name"),
				aliases: ["HEARTBEAT.md"],
				render: (setting) => void showChecklist(setting, context),
			},
			{
				name: t("settings.heartbeat.last-run.name"),
				searchable: false,
				render: (setting) => void setting.setDesc(lastRunText(settingsStore.state)),
			},
		],
	};
}

async function showChecklist(setting: Setting, context: SettingsContext): Promise<void> {
	renderFileStatus(setting, context.app, (await context.settingsStore.open()).identityFiles().heartbeat);
}

/** When the heartbeat last ran and how it ended, and when it tries again after a failure. */
export function lastRunText(state: PluginState): string {
	const run = state.lastHeartbeatRun;
	if (run === null) return t("settings.heartbeat.never");
	const text = t("settings.heartbeat.last-run", {
		time: formatTime(new Date(run.at)),
		outcome: t(`settings.heartbeat.outcome.${run.outcome}`),
	});
	const retry = state.heartbeatRetryAfter;
	return retry === null
		? text
		: `${text} ${t("settings.heartbeat.retry-after", { time: formatTime(new Date(retry)) })}`;
}
