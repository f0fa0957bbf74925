import type { ContextBudgets } from "../../workspace/data/contextBudgets";
import type { Cut } from "./contextReport";
import { sentLayer, skippedLayer, type ContextSource, type Layer } from "./layer";
import { leftOutCut, type NoteText } from "./noteExcerpt";
import { leftOutNotice } from "./readMoreMarkers";
import { taggedExcerpt, wantedWeight, type TaggedNote } from "./taggedExcerpt";
import { textWeight } from "../../text/tokenEstimate";

export interface NotesInContext {
	/** The current note when the user turned it on, else `null`. */
	readonly currentNote: NoteText | null;
	/** The notes mentioned with `[[...]]` in the user's message, resolved and read by the caller, in order. */
	readonly mentions: readonly NoteText[];
}

const SEPARATOR = "\n\n";
const LEFT_OUT_WHY = "the budget for notes in this prompt is full";

/**
 * Layer 5: the current note, then the mentioned notes, each within its own budget and all
 * within the layer's. A note that no longer fits is sent as a pointer; room for the pointers
 * of the notes after it is kept as each note is placed, so that every note is at least named.
 */
export function notesLayer(notes: NotesInContext, budgets: ContextBudgets): Layer {
	const items = taggedNotes(notes, budgets);
	if (items.length === 0) return skippedLayer("notes", budgets.notesTokens, "no current note and no mentions");

	const pointers = items.map((item) => leftOutNotice(item.note.path, LEFT_OUT_WHY));
	const pointerWeights = pointers.map((pointer) => textWeight(pointer + SEPARATOR));
	let remaining = budgets.notesTokens;
	const blocks: string[] = [];
	const cuts: Cut[] = [];
	items.forEach((item, index) => {
		const laterPointers = pointerWeights.slice(index + 1).reduce((sum, weight) => sum + weight, 0);
		const allowance = remaining - laterPointers - textWeight(SEPARATOR);
		if (allowance >= Math.min(wantedWeight(item), budgets.minExcerptTokens)) {
			const excerpt = taggedExcerpt(item, allowance, budgets.headShare);
			blocks.push(excerpt.text);
			if (excerpt.cut !== null) cuts.push(excerpt.cut);
			remaining -= textWeight(excerpt.text + SEPARATOR);
		} else {
			blocks.push(pointers[index]);
			cuts.push(leftOutCut(item.note, "layer-budget"));
			remaining -= pointerWeights[index];
		}
	});
	// A pointer names its note too: it goes with the note.
	const sources = items.map((item, index): ContextSource => ({ path: item.note.path, text: blocks[index] }));
	return { ...sentLayer("notes", budgets.notesTokens, blocks.join(SEPARATOR), cuts), sources };
}

/** The current note first, then each mentioned note once. */
function taggedNotes({ currentNote, mentions }: NotesInContext, budgets: ContextBudgets): TaggedNote[] {
	const items: TaggedNote[] = [];
	const seen = new Set<string>();
	const add = (note: NoteText, tag: string, ownTokens: number) => {
		if (seen.has(note.path)) return;
		seen.add(note.path);
		items.push({ tag, attributes: { path: note.path }, note, ownTokens });
	};
	if (currentNote !== null) add(currentNote, "current-note", budgets.currentNoteTokens);
	for (const mention of mentions) add(mention, "mentioned-note", budgets.mentionTokens);
	return items;
}
