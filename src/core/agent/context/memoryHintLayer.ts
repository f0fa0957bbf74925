import { parseCalendarDay } from "../../retrieval/notes/calendarDay";
import type { ContextBudgets } from "../../workspace/data/contextBudgets";
import { sentLayer, type Layer } from "./layer";
import { tagged } from "./layerTags";
import { estimateTokens } from "../../text/tokenEstimate";

/** A day that has daily memory, and where its note is. */
export interface DailyNoteRef {
	readonly date: string;
	readonly path: string;
}

interface DateRun {
	first: string;
	last: string;
	days: number;
	/** The calendar day of `last`, to find the next one. */
	lastDay: number;
}

const TAG = "memory-hint";

/**
 * Layer 4: which days have daily memory, so that the model asks for a day that exists rather
 * than guessing. Compact: consecutive days become ranges; when the list is over its budget
 * the oldest ranges are summed up in one phrase.
 */
export function memoryHintLayer(notes: readonly DailyNoteRef[], today: string, budgets: ContextBudgets): Layer {
	const byDate = new Map(
		notes
			.filter((note) => note.date.length === 10 && parseCalendarDay(note.date) !== null)
			.map((note) => [note.date, note.path]),
	);
	const dates = [...byDate.keys()].sort();
	const budget = budgets.memoryHintTokens;
	if (dates.length === 0) return sentLayer("memory-hint", budget, tagged(TAG, {}, "No daily memory yet."));

	const latest = dates[dates.length - 1];
	const todayNote = byDate.has(today)
		? `Today's note (${today}) exists.`
		: `Today's note (${today}) does not exist yet.`;
	const closing = `The latest is ${byDate.get(latest) ?? ""}. ${todayNote} Read the last days with memory_recent, any day with memory_get.`;
	const runs = dateRuns(dates);
	const text = (shown: number) => tagged(TAG, {}, `${hintSentence(runs, shown, dates.length)} ${closing}`);
	const fits = (shown: number) => estimateTokens(text(shown)) <= budget;
	// The most runs that fit, by bisection: a list of years of days would be slow to shorten one by one.
	let low = 1;
	let high = runs.length;
	while (low < high) {
		const middle = Math.ceil((low + high) / 2);
		if (fits(middle)) low = middle;
		else high = middle - 1;
	}
	return sentLayer("memory-hint", budget, text(low));
}

/** "Daily memory exists for 9 days: …", the latest `shown` runs listed and the older ones summed up. */
function hintSentence(runs: readonly DateRun[], shown: number, dayCount: number): string {
	const older = runs.slice(0, runs.length - shown);
	const listed = runs
		.slice(runs.length - shown)
		.map((run) => (run.days === 1 ? run.first : `${run.first} to ${run.last}`));
	if (older.length > 0) {
		const olderDays = older.reduce((sum, run) => sum + run.days, 0);
		listed.unshift(
			`${olderDays} earlier day${olderDays === 1 ? "" : "s"} from ${older[0].first} to ${older[older.length - 1].last}`,
		);
	}
	return `Daily memory exists for ${dayCount} day${dayCount === 1 ? "" : "s"}: ${listed.join(", ")}.`;
}

/** Sorted dates grouped into runs of consecutive days (a run grows in place: years of days are grouped every turn). */
function dateRuns(dates: readonly string[]): readonly DateRun[] {
	const runs: DateRun[] = [];
	let run: DateRun | null = null;
	for (const date of dates) {
		const day = parseCalendarDay(date) ?? Number.NaN;
		if (run !== null && day === run.lastDay + 1) {
			run.last = date;
			run.days++;
			run.lastDay = day;
		} else {
			run = { first: date, last: date, days: 1, lastDay: day };
			runs.push(run);
		}
	}
	return runs;
}
