import { HOT_MEMORY_CAP_RANGE } from "../../core/workspace/data/settings";
import { t } from "../../i18n";
import { formatCount } from "../localeFormat";
import { isHotMemoryCap } from "../settingControls";
import type { SettingsSection } from "./settingsContext";

/** Where daily memory is kept, how much of long-term memory the chat always sees, and when daily memory is archived. */
export function memorySection(): SettingsSection {
	return {
		type: "group",
		heading: t("settings.memory.heading"),
		items: [
			{
				name: t("settings.daily-location.name"),
				desc: t("settings.daily-location.desc"),
				control: {
					type: "dropdown",
					key: "dailyMemoryLocation",
					options: {
						"assistant-folder": t("settings.daily-location.assistant-folder"),
						"daily-notes": t("settings.daily-location.daily-notes"),
					},
				},
			},
			{
				name: t("settings.hot-memory-cap.name"),
				desc: t("settings.hot-memory-cap.desc"),
				control: {
					type: "number",
					key: "hotMemoryCapTokens",
					min: HOT_MEMORY_CAP_RANGE.min,
					max: HOT_MEMORY_CAP_RANGE.max,
					validate: (tokens) =>
						isHotMemoryCap(tokens)
							? undefined
							: t("settings.hot-memory-cap.invalid", {
									min: formatCount(HOT_MEMORY_CAP_RANGE.min),
									max: formatCount(HOT_MEMORY_CAP_RANGE.max),
								}),
				},
			},
			{
				name: t("settings.retention.name"),
				desc: t("settings.retention.desc"),
				control: {
					type: "number",
					key: "archiveRetentionDays",
					min: 1,
					max: 3650,
					validate: (days) =>
						Number.isInteger(days) && days >= 1 && days <= 3650 ? undefined : t("settings.retention.invalid"),
				},
			},
			{
				name: t("settings.archive-automatically.name"),
				desc: t("settings.archive-automatically.desc"),
				control: { type: "toggle", key: "archiveAutomatically" },
			},
		],
	};
}
