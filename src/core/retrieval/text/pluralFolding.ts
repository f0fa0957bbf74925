import { NO_TAIL } from "../indexing/termTable";

const LETTER_A = "a".charCodeAt(0);
const LETTER_E = "e".charCodeAt(0);
const LETTER_H = "h".charCodeAt(0);
const LETTER_I = "i".charCodeAt(0);
const LETTER_S = "s".charCodeAt(0);
const LETTER_U = "u".charCodeAt(0);
const LETTER_X = "x".charCodeAt(0);
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
 * rather than returning a string. The tokenizer calls it for every word of every note, so it
 * compares the last letters one by one: matching suffix strings made a tenth of indexing.
 */
export function foldPlural(text: string, start: number, end: number, folded: FoldedWord): void {
	folded.tail = NO_TAIL;
	folded.end = end;
	if (end - start <= 3 || text.charCodeAt(end - 1) !== LETTER_S) return;
	foldBeforeS(text.charCodeAt(end - 2), text.charCodeAt(end - 3), text.charCodeAt(end - 4), end, folded);
}

/** `foldPlural` for a word held a byte a character, `bytes[start, end)`. */
export function foldPluralBytes(bytes: Uint8Array, start: number, end: number, folded: FoldedWord): void {
	folded.tail = NO_TAIL;
	folded.end = end;
	if (end - start <= 3 || bytes[end - 1] !== LETTER_S) return;
	foldBeforeS(bytes[end - 2], bytes[end - 3], bytes[end - 4], end, folded);
}

/** Folds a word of four letters or more that ends at `end` in an "s", given the three letters before it. */
function foldBeforeS(last: number, secondLast: number, thirdLast: number, end: number, folded: FoldedWord): void {
	// "-us", "-ss" and "-is" are not plurals: "status", "class", "analysis".
	if (last === LETTER_U || last === LETTER_S || last === LETTER_I) return;
	if (
		last === LETTER_E &&
		(secondLast === LETTER_X || ((secondLast === LETTER_S || secondLast === LETTER_H) && thirdLast === LETTER_S))
	) {
		// "-xes", "-sses", "-shes": "boxes", "classes", "wishes".
		folded.end = end - 2;
	} else if (last === LETTER_E && secondLast === LETTER_I && thirdLast !== LETTER_E && thirdLast !== LETTER_A) {
		// "-ies", but not "-eies" or "-aies": "queries".
		folded.end = end - 3;
		folded.tail = LETTER_Y;
	} else {
		folded.end = end - 1;
	}
}
