import type { ContextBudgets } from "../../workspace/data/contextBudgets";
import type { Cut } from "./contextReport";
import { sentLayer, skippedLayer, type ContextSource, type Layer } from "./layer";
import { tagWeight, tagged } from "./layerTags";
import { leftOutCut, type NoteText } from "./noteExcerpt";
import { taggedExcerpt, wantedWeight, type TaggedNote } from "./taggedExcerpt";
import { textWeight } from "../../text/tokenEstimate";

/** One week of the history book, as the caller read it from `memory/weekly/YYYY-Www.md`. */
export interface WeeklySummary extends NoteText {
	/** `YYYY-Www`, which sorts in time order. */
	readonly week: string;
}

const TAG = "history-book";
const WEEK_TAG = "week";
const SEPARATOR = "\n\n";

/**
 * Layer 6: the history book, for a question about the past only (the caller decides with
 * `isHistoryQuestion`). The latest weeks, at most `historyMaxWeeks`, each within
 * its own budget, as many as the layer's budget holds counting back from the latest, then
 * shown oldest first so that the story reads in order.
 */
export function historyBookLayer(
	weeks: readonly WeeklySummary[],
	aboutThePast: boolean,
	budgets: ContextBudgets,
): Layer {
	const budget = budgets.historyBookTokens;
	if (!aboutThePast) return skippedLayer("history-book", budget, "not a question about the past");
	if (weeks.length === 0) return skippedLayer("history-book", budget, "no weekly summaries");

	const latestFirst = [...weeks].sort((a, b) => (a.week < b.week ? 1 : a.week > b.week ? -1 : 0));
	const cuts: Cut[] = latestFirst.slice(budgets.historyMaxWeeks).map((week) => leftOutCut(week, "week-limit"));
	const candidates = latestFirst.slice(0, budgets.historyMaxWeeks);
	// The header's longest form: a span of weeks and a pointer to older ones.
	const longestHeader = header(candidates[candidates.length - 1].week, candidates[0].week, true);
	let remaining = budget - tagWeight(TAG, {}) - textWeight(longestHeader + SEPARATOR);
	const shown: string[] = [];
	const sources: ContextSource[] = [];
	for (const [index, week] of candidates.entries()) {
		const item: TaggedNote = {
			tag: WEEK_TAG,
			attributes: { id: week.week, path: week.path },
			note: week,
			ownTokens: budgets.historyWeekTokens,
		};
		const allowance = remaining - textWeight(SEPARATOR);
		if (allowance < Math.min(wantedWeight(item), budgets.minExcerptTokens)) {
			cuts.push(...candidates.slice(index).map((older) => leftOutCut(older, "layer-budget")));
			break;
		}
		const excerpt = taggedExcerpt(item, allowance, budgets.headShare);
		shown.unshift(excerpt.text);
		sources.push({ path: week.path, text: excerpt.text });
		if (excerpt.cut !== null) cuts.push(excerpt.cut);
		remaining -= textWeight(excerpt.text + SEPARATOR);
	}
	if (shown.length === 0) return skippedLayer("history-book", budget, "no week fits the budget", cuts);

	const oldestShown = candidates[shown.length - 1].week;
	const body = [header(oldestShown, candidates[0].week, shown.length < latestFirst.length), ...shown].join(SEPARATOR);
	return { ...sentLayer("history-book", budget, tagged(TAG, {}, body), cuts), sources };
}

function header(oldest: string, latest: string, olderLeftOut: boolean): string {
	const span = oldest === latest ? `of ${latest}` : `from ${oldest} to ${latest}, oldest first`;
	const older = olderLeftOut ? " Older weeks are not shown: call memory_history for them." : "";
	return `The history book: weekly summaries of daily memory ${span}, loaded because the question is about the past.${older}`;
}
