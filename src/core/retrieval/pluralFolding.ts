import { NO_TAIL } from "./termTable";

/** Endings that are not plurals ("status", "class", "analysis"). */
const SINGULAR_ENDINGS = ["us", "ss", "is"];
const LETTER_S = "s".charCodeAt(0);
const LETTER_Y = "y".charCodeAt(0);

/** A word once folded: it ends at `end` of the text it stands in, followed by `tail` unless that is `NO_TAIL`. */
export interface FoldedWord {
	end: number;
	tail: number;
}

/**
 * Folds a regular English plural onto its singular, so that "daily notes" finds a note titled
 * "Daily note". Deliberately weak (the first step of Porter's stemmer, and "-xes"/"-shes"): it
 * only touches a final "s", and since notes and queries go through the same folding, a plural it
 * gets wrong ("matches" → "matche") still finds itself.
 *
 * Works on the word where it stands, `text[start, end)`, and writes the result into `folded`
 * rather than returning a string: the tokenizer calls it for every word of every note.
 */
export function foldPlural(text: string, start: number, end: number, folded: FoldedWord): void {
	folded.tail = NO_TAIL;
	folded.end = end;
	if (end - start <= 3 || text.charCodeAt(end - 1) !== LETTER_S) return;
	const word = { text, start, end };
	if (SINGULAR_ENDINGS.some((ending) => endsWith(word, ending))) return;
	if (endsWith(word, "sses") || endsWith(word, "xes") || endsWith(word, "shes")) {
		folded.end = end - 2;
	} else if (endsWith(word, "ies") && !endsWith(word, "eies") && !endsWith(word, "aies")) {
		folded.end = end - 3;
		folded.tail = LETTER_Y;
	} else {
		folded.end = end - 1;
	}
}

function endsWith(word: { text: string; start: number; end: number }, suffix: string): boolean {
	return word.end - word.start >= suffix.length && word.text.startsWith(suffix, word.end - suffix.length);
}
