import type { AuditActor } from "../../core/audit/record";
import { isoWeekOf, parseIsoWeek, previousIsoWeek } from "../../core/memory/isoWeek";
import { daysWithMemory } from "../../core/memory/weekMemory";
import { joinVaultPath } from "../../core/vault/paths";
import { buildWeeklySummary, type WeeklySummaryResult } from "../../core/memory/weeklySummary";
import type { Clock } from "../../core/ports";
import type { CommandContext } from "../commandContext";

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
export function buildWeek(
	context: CommandContext,
	week: string,
	actor: AuditActor,
	signal?: AbortSignal,
): Promise<WeeklySummaryResult> {
	return buildWeeklySummary(context.memory, {
		week,
		target: context.tools.daily,
		layout: context.workspace.layout,
		model: context.model,
		actor,
		signal,
	});
}

/** A week the picker offers, with what the user needs to choose it: how many days of memory it has, and whether it is summarised. */
export interface PickableWeek {
	readonly week: string;
	readonly days: number;
	readonly summarised: boolean;
}

/** The `count` weeks before this one, latest first, each with its days of daily memory and whether its summary exists. */
export function pickableWeeks(context: CommandContext, clock: Clock, count: number): PickableWeek[] {
	const { layout } = context.workspace;
	return recentWeeks(clock, count).map((id) => {
		const week = parseIsoWeek(id);
		const days = week === null ? 0 : daysWithMemory(context.memory.vault, context.tools.daily, layout, week);
		return {
			week: id,
			days,
			summarised: context.memory.vault.stat(joinVaultPath(layout.weeklyFolder, `${id}.md`)) !== null,
		};
	});
}
