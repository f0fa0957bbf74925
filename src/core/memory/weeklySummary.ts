import type { AuditActor, AuditRecord } from "../audit/record";
import type { WriteIntent } from "../vault/auditedWriter";
import { escapeExcludedTags } from "../vault/excludedTagText";
import { oneShotFit } from "../text/oneShotFit";
import { joinVaultPath } from "../vault/paths";
import type { WorkspaceLayout } from "../workspace/layout";
import { freeNotePath } from "./captureName";
import { localToday } from "./dailyDates";
import type { DailyTarget } from "./dailyNote";
import { parseIsoWeek } from "./isoWeek";
import type { MemoryDeps } from "./memoryDeps";
import type { TextModel } from "../model/textModel";
import { hiddenDaysOf, readWeekMemory } from "./weekMemory";
import { extractiveSummary, WEEKLY_SYSTEM, weeklyPrompt, weeklySummaryNote, type SummaryAuthor } from "./weeklyText";
import { foldOldWeeks, weeklyArchiveFolder, type FoldResult } from "./yearlyFolding";

/**
 * "Build weekly summary" (a page of the history book): `memory/weekly/YYYY-Www.md` from the week's
 * daily memory, written by the model or, offline, extracted. Idempotent: a week that has its
 * summary is left alone unless `force`, and then the old summary is archived before it is
 * replaced. A week is summarised once it is over, so a summary never misses its last days.
 */

export interface WeeklySummaryRequest {
	/** `YYYY-Www`. */
	readonly week: string;
	readonly target: DailyTarget;
	readonly layout: Pick<WorkspaceLayout, "weeklyFolder" | "archiveFolder">;
	/** `null` offline: the summary is extracted from the days' own lines. */
	readonly model: TextModel | null;
	/** The model's context window, when it is a local model's: each day is cut so that the week fits. */
	readonly contextWindowTokens?: number;
	readonly force?: boolean;
	readonly actor: AuditActor;
	readonly signal?: AbortSignal;
}

/** `skipped-private`: the summary note itself is hidden by the privacy rules, so it is neither read nor replaced. */
export type WeeklyStatus =
	| "written"
	| "rewritten"
	| "already-summarised"
	| "no-daily-memory"
	| "week-not-over"
	| "invalid-week"
	| "skipped-private";

export interface WeeklySummaryResult {
	readonly week: string;
	/** The summary's path (`null` for an invalid week). */
	readonly path: string | null;
	readonly status: WeeklyStatus;
	/** Who wrote the summary this run; `null` when nothing was written. */
	readonly author: SummaryAuthor | null;
	/** The model's failure, when the summary had to be extracted instead. */
	readonly modelError: unknown;
	/** Where the replaced summary was kept, for a forced rebuild. */
	readonly keptAt: string | null;
	/** Older weeks folded into their yearly summaries after this one was written. */
	readonly folded: FoldResult;
	/** The days whose daily memory is private: left out of the summary. */
	readonly skippedPrivate: readonly string[];
	readonly records: readonly AuditRecord[];
}

const SUMMARY_MAX_TOKENS = 1200;
const NOTHING_FOLDED: FoldResult = { weeks: [], records: [] };

export async function buildWeeklySummary(
	deps: MemoryDeps,
	request: WeeklySummaryRequest,
): Promise<WeeklySummaryResult> {
	const week = parseIsoWeek(request.week);
	const result = (
		status: WeeklyStatus,
		path: string | null,
		extra: Partial<WeeklySummaryResult> = {},
	): WeeklySummaryResult => ({
		week: request.week,
		path,
		status,
		author: null,
		modelError: null,
		keptAt: null,
		folded: NOTHING_FOLDED,
		skippedPrivate: [],
		records: [],
		...extra,
	});
	if (week === null) return result("invalid-week", null);
	const path = joinVaultPath(request.layout.weeklyFolder, `${week.id}.md`);
	if (deps.vault.hiddenReason(path) !== null) return result("skipped-private", path);
	const exists = deps.vault.stat(path) !== null;
	if (exists && request.force !== true) return result("already-summarised", path);
	if (week.days[6] >= localToday(deps.clock)) return result("week-not-over", path);
	const days = await readWeekMemory(deps.vault, request.target, request.layout, week);
	const skippedPrivate = hiddenDaysOf(deps.vault, request.target, request.layout, week);
	if (days.length === 0) return result("no-daily-memory", path, { skippedPrivate });

	let summary = "";
	let author: SummaryAuthor = "extract";
	let modelError: unknown = null;
	if (request.model !== null) {
		const fit = oneShotFit(request.contextWindowTokens, WEEKLY_SYSTEM, SUMMARY_MAX_TOKENS);
		try {
			summary = await request.model.complete({
				system: WEEKLY_SYSTEM,
				prompt: weeklyPrompt(week, days, { promptTokens: fit.promptTokens }),
				maxTokens: fit.maxTokens,
				signal: request.signal,
				origin: { feature: "weekly-summary", notes: days.map((day) => day.path) },
			});
			author = "model";
		} catch (error) {
			if (request.signal?.aborted === true) throw error;
			modelError = error;
		}
	}
	if (summary === "") {
		summary = extractiveSummary(days);
		author = "extract";
	}
	// Whoever wrote it, the summary holds no excluded tag: one would hide the whole week's page.
	const note = weeklySummaryNote(week, days, escapeExcludedTags(summary, deps.vault.policy), author);
	const intent: WriteIntent = { actor: request.actor, reason: `Weekly summary of ${week.id}` };
	const records: AuditRecord[] = [];
	let keptAt: string | null = null;
	if (exists) {
		const old = await deps.vault.read(path);
		if (old === note) return result("already-summarised", path);
		const kept = await deps.writer.createNote(
			freeNotePath(deps.writer, weeklyArchiveFolder(request.layout), `${week.id}.md`),
			old,
			{ ...intent, action: "archive" },
		);
		keptAt = kept.path;
		const replaced = await deps.writer.replaceKeptNote(path, note, kept.path, intent);
		records.push(...[kept, replaced].flatMap((outcome) => (outcome.record ? [outcome.record] : [])));
	} else {
		const created = await deps.writer.createNote(path, note, intent);
		if (created.record) records.push(created.record);
	}
	const folded = await foldOldWeeks(deps, request.layout, request.actor);
	return result(exists ? "rewritten" : "written", path, {
		author,
		modelError,
		keptAt,
		folded,
		skippedPrivate,
		records: [...records, ...folded.records],
	});
}
