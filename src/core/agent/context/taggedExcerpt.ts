import type { Cut } from "./contextReport";
import { tagged, tagWeight } from "./layerTags";
import { noteExcerpt, type NoteText } from "./noteExcerpt";
import { textWeight } from "../../text/tokenEstimate";

export interface TaggedNote {
	readonly tag: string;
	readonly attributes: Readonly<Record<string, string>>;
	readonly note: NoteText;
	/** The note's own budget, tags included. */
	readonly ownTokens: number;
}

export interface TaggedExcerpt {
	readonly text: string;
	readonly cut: Cut | null;
}

/**
 * The note in its tags within `allowance` tokens, tags included, and never more than its own
 * budget; a cut below the note's own budget is the layer's doing and reported so.
 */
export function taggedExcerpt(item: TaggedNote, allowance: number, headShare: number): TaggedExcerpt {
	const tags = tagWeight(item.tag, item.attributes);
	const ownBody = item.ownTokens - tags;
	const body = Math.min(ownBody, allowance - tags);
	const excerpt = noteExcerpt(item.note, body, headShare, body < ownBody ? "layer-budget" : "note-budget");
	return { text: tagged(item.tag, item.attributes, excerpt.text), cut: excerpt.cut };
}

/** What the note asks of its layer (unrounded): all of it in its tags, up to its own budget. */
export function wantedWeight(item: TaggedNote): number {
	return Math.min(item.ownTokens, tagWeight(item.tag, item.attributes) + textWeight(item.note.text));
}
