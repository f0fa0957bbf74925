import { LineIndex } from "../../retrieval/notes/lineIndex";
import type { Cut, CutReason } from "./contextReport";
import { omittedLinesMarker } from "./readMoreMarkers";
import { headEnd, tailStart } from "../../text/textCuts";
import { estimateTokens, textWeight } from "../../text/tokenEstimate";

/** A note as the caller read it: its vault path and its text. */
export interface NoteText {
	readonly path: string;
	readonly text: string;
}

/** The report of a note sent as a pointer only. */
export function leftOutCut(note: NoteText, reason: CutReason): Cut {
	const lineCount = new LineIndex(note.text).lineCount;
	const omittedTokens = estimateTokens(note.text);
	return {
		subject: note.path,
		kind: "left-out",
		reason,
		shownTokens: 0,
		omittedTokens,
		omittedLines: [{ firstLine: 1, lastLine: lineCount }],
	};
}

export interface NoteExcerpt {
	/** The whole text, or its head and tail around a marker that names the omitted lines. */
	readonly text: string;
	readonly tokens: number;
	/** `null` when the text is whole. */
	readonly cut: Cut | null;
}

/**
 * The note within `maxWeight` (an unrounded token budget, see `tokenEstimate.ts`): whole when it
 * fits, else its head and tail (where a note says what it is and where it was left; the head
 * getting `headShare` of what is kept) with a marker between them telling the model which lines are
 * missing and how to read them with `memory_get`. Only a budget smaller than the marker itself
 * yields more (the marker alone).
 */
export function noteExcerpt(note: NoteText, maxWeight: number, headShare: number, reason: CutReason): NoteExcerpt {
	// One pass over the text for both: identity files and long-term memory are weighed every turn.
	const weight = textWeight(note.text);
	const totalTokens = Math.ceil(weight);
	if (weight <= maxWeight) return { text: note.text, tokens: totalTokens, cut: null };

	const lines = new LineIndex(note.text);
	// The marker's longest form for this note, so that the real one (known only after the cut) fits.
	const markerBound = textWeight(
		omittedLinesMarker(note.path, { firstLine: lines.lineCount, lastLine: lines.lineCount + 1 }, totalTokens),
	);
	const lineBreaksAroundMarker = textWeight("\n\n");
	const keep = Math.max(0, maxWeight - markerBound - lineBreaksAroundMarker);
	const headWeight = keep * headShare;
	const headStop = headEnd(note.text, headWeight);
	const tailFrom = tailStart(note.text, keep - headWeight);

	const omittedLines = { firstLine: lines.lineOf(headStop) + 1, lastLine: lines.lineOf(tailFrom - 1) + 1 };
	const omittedTokens = estimateTokens(note.text.slice(headStop, tailFrom));
	const head = note.text.slice(0, headStop);
	const tail = note.text.slice(tailFrom);
	const marker = omittedLinesMarker(note.path, omittedLines, omittedTokens);
	const text = `${head}${head === "" || head.endsWith("\n") ? "" : "\n"}${marker}${tail === "" ? "" : `\n${tail}`}`;
	const tokens = estimateTokens(text);
	const cut: Cut = {
		subject: note.path,
		kind: "shortened",
		reason,
		shownTokens: estimateTokens(head + tail),
		omittedTokens,
		omittedLines: [omittedLines],
	};
	return { text, tokens, cut };
}
