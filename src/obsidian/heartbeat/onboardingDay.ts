import type { PluginState } from "../../core/workspace/data/state";

/**
 * Onboarding and the heartbeat never both run on the same day: the day onboarding completes
 * counts as that day's heartbeat, so the next open of the vault that day stays quiet. Returns
 * what to add to `change` for that (nothing unless `change` completes onboarding).
 */
export function onboardingDayChange(
	state: PluginState,
	change: Partial<PluginState>,
	today: string,
): Partial<PluginState> {
	return change.onboardingComplete === true && !state.onboardingComplete ? { lastHeartbeatDate: today } : {};
}
