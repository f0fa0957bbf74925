import { checkActiveHours } from "../../core/heartbeat";
import type { Settings } from "../../core/workspace/data/settings";
import { t } from "../../i18n";

/**
 * What is wrong with the active hours once `change` is made, in the user's language, or
 * `undefined`. The times are checked even with "all day" on, so that turning it off later never
 * meets a time that was let through.
 */
export function activeHoursProblem(settings: Settings, change: Partial<Settings>): string | undefined {
	const checked = checkActiveHours({ ...settings, ...change, heartbeatAllDay: false });
	return checked.ok ? undefined : t(checked.problem.key, checked.problem.params);
}
