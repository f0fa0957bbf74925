import type { AuditActor } from "../../core/audit/record";
import { isoWeekOf, previousIsoWeek } from "../../core/memory/isoWeek";
import { buildWeeklySummary, type WeeklySummaryResult } from "../../core/memory/weeklySummary";
import type { Clock } from "../../core/ports";
import type { CommandVault } from "../commandVault";

/** The week before the one `clock` is in: the one "Build weekly summary" offers first. */
export function lastWeek(clock: Clock): string {
	return previousIsoWeek(isoWeekOf(clock.now())).id;
}

/** The `count` weeks before this one, latest first. */
export function recentWeeks(clock: Clock, count: number): string[] {
	const weeks = [previousIsoWeek(isoWeekOf(clock.now()))];
	while (weeks.length < count) weeks.push(previousIsoWeek(weeks[weeks.length - 1]));
	return weeks.map((week) => week.id);
}

/** The history book's page of `week`, from the daily memory where the settings keep it; a page already written is left as it is. */
export function buildWeek(vault: CommandVault, week: string, actor: AuditActor): Promise<WeeklySummaryResult> {
	return buildWeeklySummary(vault.memory, { week, target: vault.tools.daily, layout: vault.workspace.layout, model: vault.model, actor });
}
