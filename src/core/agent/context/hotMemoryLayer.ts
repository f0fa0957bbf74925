import { LineIndex } from "../../retrieval/notes/lineIndex";
import type { ContextBudgets } from "../../workspace/data/contextBudgets";
import type { Cut, HotMemoryReport, LineRange } from "./contextReport";
import { fromNote, sentLayer, skippedLayer, type Layer } from "./layer";
import { tagged, tagWeight } from "./layerTags";
import { lineText, memoryStructure } from "./memoryStructure";
import type { NoteText } from "./noteExcerpt";
import { gapMarker } from "./readMoreMarkers";
import { estimateTokens, textWeight } from "../../text/tokenEstimate";

export interface HotMemory {
	readonly layer: Layer;
	/** `null` when there is no long-term memory. */
	readonly report: HotMemoryReport | null;
}

const TAG = "hot-memory";

/**
 * Layer 2: hot memory, a bounded view of `memory.md`. `memory.md` is append-only and
 * grows; the view keeps within the cap what must never be forgotten (the sections on
 * preferences, current state and rules, in full when they fit) and then the most recent
 * entries, starting at an entry's beginning. Lines not in the view are marked with their line
 * numbers, so nothing is lost: the file is unchanged and the model can read them with
 * `memory_get`. When the view leaves anything out, the report says `overflow` so that the view
 * can propose a consolidation.
 */
export function hotMemoryLayer(memory: NoteText | null, budgets: ContextBudgets): HotMemory {
	const cap = budgets.hotMemoryTokens;
	if (memory === null || memory.text.trim() === "")
		return { layer: skippedLayer("hot-memory", cap, "no long-term memory"), report: null };

	const lines = new LineIndex(memory.text);
	const weights = Array.from({ length: lines.lineCount }, (_, line) => textWeight(lineText(lines, line)));
	const { hotSpans, entryStarts } = memoryStructure(lines);
	const attributes = { path: memory.path };
	const header = viewHeader(memory.path);
	const wholeFits = textWeight(memory.text) + tagWeight(TAG, attributes) <= cap;

	const shown = wholeFits ? weights.map(() => true) : weights.map(() => false);
	if (!wholeFits) {
		// Each gap in the view costs a marker; there are at most two more gaps than hot sections.
		const gapsBound =
			(hotSpans.length + 2) *
			textWeight(`${gapMarker({ firstLine: lines.lineCount, lastLine: lines.lineCount + 1 })}\n`);
		let available = cap - tagWeight(TAG, attributes) - textWeight(`${header}\n`) - gapsBound;
		for (const span of hotSpans) {
			for (let line = span.start; line < span.end && weights[line] <= available; line++) {
				shown[line] = true;
				available -= weights[line];
			}
		}
		showLatestEntries(lines, entryStarts, weights, shown, available);
		showGapsCheaperThanTheirMarker(weights, shown);
	}

	const gaps = omittedRuns(shown);
	const sum = (predicate: (line: number) => boolean) =>
		weights.reduce((total, weight, line) => (predicate(line) ? total + weight : total), 0);
	const shownTokens = Math.ceil(sum((line) => shown[line]));
	const report: HotMemoryReport = {
		path: memory.path,
		capTokens: cap,
		memoryTokens: estimateTokens(memory.text),
		hotSectionTokens: Math.ceil(sum((line) => hotSpans.some((span) => line >= span.start && line < span.end))),
		shownTokens,
		overflow: gaps.length > 0,
	};
	if (gaps.length === 0)
		return { layer: fromNote(sentLayer("hot-memory", cap, tagged(TAG, attributes, memory.text)), memory.path), report };

	const cut: Cut = {
		subject: memory.path,
		kind: "shortened",
		reason: "layer-budget",
		shownTokens,
		omittedTokens: Math.ceil(sum((line) => !shown[line])),
		omittedLines: gaps,
	};
	const body = [header, renderView(lines, shown)].join("\n");
	return { layer: fromNote(sentLayer("hot-memory", cap, tagged(TAG, attributes, body), [cut]), memory.path), report };
}

function viewHeader(path: string): string {
	const call = JSON.stringify({ path });
	return `A view of ${path}: its sections on preferences, current state and rules, then its latest entries. To read lines marked as not shown, call memory_get ${call} with their line_start and line_end.`;
}

/**
 * Adds the end of the note, line by line backwards within `available`, then drops a partial
 * first entry so that the view starts where an entry starts (unless the latest entry alone is
 * too long: its end is better than nothing).
 */
function showLatestEntries(
	lines: LineIndex,
	entryStarts: ReadonlySet<number>,
	weights: readonly number[],
	shown: boolean[],
	available: number,
): void {
	const added: number[] = [];
	for (let line = lines.lineCount - 1; line >= 0; line--) {
		if (shown[line]) continue;
		if (weights[line] > available) break;
		shown[line] = true;
		available -= weights[line];
		added.push(line);
	}
	if (added.length === 0) return;
	const first = added[added.length - 1];
	if (entryStarts.has(first)) return;
	const lastWithText = lines.lineOf(lines.text.trimEnd().length - 1);
	const nextStart = added.filter((line) => line > first && line <= lastWithText && entryStarts.has(line)).pop();
	if (nextStart === undefined) return;
	for (const line of added) if (line < nextStart) shown[line] = false;
}

/** A few short lines (a title, a blank line) cost less than the marker that would stand for them. */
function showGapsCheaperThanTheirMarker(weights: readonly number[], shown: boolean[]): void {
	for (const gap of omittedRuns(shown)) {
		let weight = 0;
		for (let line = gap.firstLine - 1; line < gap.lastLine; line++) weight += weights[line];
		if (weight > textWeight(`${gapMarker(gap)}\n`)) continue;
		for (let line = gap.firstLine - 1; line < gap.lastLine; line++) shown[line] = true;
	}
}

/** The runs of lines not shown, 1-based. */
function omittedRuns(shown: readonly boolean[]): LineRange[] {
	const runs: LineRange[] = [];
	shown.forEach((isShown, line) => {
		if (isShown) return;
		const last = runs[runs.length - 1] as LineRange | undefined;
		if (last !== undefined && last.lastLine === line)
			runs[runs.length - 1] = { firstLine: last.firstLine, lastLine: line + 1 };
		else runs.push({ firstLine: line + 1, lastLine: line + 1 });
	});
	return runs;
}

/** The shown lines as written, each run of hidden lines replaced by one marker line. */
function renderView(lines: LineIndex, shown: readonly boolean[]): string {
	const parts: string[] = [];
	let line = 0;
	while (line < shown.length) {
		let end = line;
		while (end < shown.length && shown[end] === shown[line]) end++;
		parts.push(
			shown[line]
				? lines.text.slice(lines.startOf(line), lines.startOf(end))
				: `${gapMarker({ firstLine: line + 1, lastLine: end })}\n`,
		);
		line = end;
	}
	return parts.join("");
}
