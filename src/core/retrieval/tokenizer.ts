import { ASCII_CLASSES, CJK, classOfCodePoint, WORD, type CharClass } from "./characterClasses";
import { foldPlural, type FoldedWord } from "./pluralFolding";
import { STOPWORDS } from "./stopwords";
import { extendHash, HASH_START, hashOfRange } from "./termHash";
import { NO_TAIL } from "./termTable";

/** Longer "words" are hashes, base64 or URLs run together: noise for search, and heavy in memory. */
const MAX_WORD_LENGTH = 40;

/** Start offsets of the code points of the current CJK run, reused between calls. */
const runStarts: number[] = [];
/** The current word once folded, reused between words. */
const foldedWord: FoldedWord = { end: 0, tail: NO_TAIL };

/**
 * Receives a token where it stands: `text[start, end)`, followed by the character `tail` unless
 * that is `NO_TAIL` (a folded plural: "queries" is "quer" + "y"), and the token's hash
 * (`termHash.ts`). The index looks tokens up without making a string of each (see `TermTable`).
 */
export type TokenSink = (text: string, start: number, end: number, tail: number, hash: number) => void;

/**
 * Calls `sink` with each search token of `text`, in order. The same tokenizer serves notes and
 * queries, which is what makes its choices safe: NFKC and case folding (full-width letters,
 * ligatures and case all match), words of letters and digits in any space-separated script with
 * English plurals folded, English and Chinese stopwords dropped, and runs of Han, Kana and Hangul
 * turned into overlapping bigrams (a one-character run stays one token). Punctuation, CJK
 * punctuation included, only separates. `sink` must not tokenize in turn (state is shared).
 */
export function scanTokens(text: string, sink: TokenSink): void {
	const folded = text.normalize("NFKC").toLowerCase();
	let offset = 0;
	while (offset < folded.length) {
		const unit = folded.charCodeAt(offset);
		const charClass = unit < 0x80 ? ASCII_CLASSES[unit] : classAt(folded, offset);
		if (charClass === WORD) offset = scanWord(folded, offset, sink);
		else if (charClass === CJK) offset = scanCjkRun(folded, offset, sink);
		else offset += unit < 0x80 ? 1 : unitsAt(folded, offset);
	}
}

/** Calls `emit` with each search token of `text` as a string (see `scanTokens`). */
export function forEachToken(text: string, emit: (token: string) => void): void {
	scanTokens(text, (folded, start, end, tail) =>
		emit(tail === NO_TAIL ? folded.slice(start, end) : folded.slice(start, end) + String.fromCharCode(tail)),
	);
}

/** The tokens of `text` as an array (see `scanTokens`). */
export function tokenize(text: string): string[] {
	const tokens: string[] = [];
	forEachToken(text, (token) => tokens.push(token));
	return tokens;
}

function classAt(text: string, offset: number): CharClass {
	const unit = text.charCodeAt(offset);
	return unit >= 0xd800 && unit <= 0xdbff ? classOfCodePoint(text.codePointAt(offset) ?? unit) : classOfCodePoint(unit);
}

/** 2 for a surrogate pair, else 1. */
function unitsAt(text: string, offset: number): number {
	const unit = text.charCodeAt(offset);
	return unit >= 0xd800 && unit <= 0xdbff && offset + 1 < text.length ? 2 : 1;
}

/** Reads the word that starts at `start`, hashing as it goes; returns where it ends. */
function scanWord(text: string, start: number, sink: TokenSink): number {
	let offset = start;
	let hash = HASH_START;
	while (offset < text.length) {
		const unit = text.charCodeAt(offset);
		// ASCII first: most of most notes.
		if (unit < 0x80) {
			if (ASCII_CLASSES[unit] !== WORD) break;
			hash = extendHash(hash, unit);
			offset++;
		} else {
			if (classAt(text, offset) !== WORD) break;
			hash = extendHash(hash, unit);
			if (unitsAt(text, offset) === 2) hash = extendHash(hash, text.charCodeAt(++offset));
			offset++;
		}
	}
	if (offset - start > MAX_WORD_LENGTH || isStopword(text, start, offset, hash)) return offset;
	foldPlural(text, start, offset, foldedWord);
	const { end, tail } = foldedWord;
	// Most words are not plurals: only a folded one is hashed again.
	const foldedHash = end === offset ? hash : hashOfRange(text, start, end);
	sink(text, start, end, tail, tail === NO_TAIL ? foldedHash : extendHash(foldedHash, tail));
	return offset;
}

/** Reads the CJK run that starts at `start` and emits its bigrams; returns where it ends. */
function scanCjkRun(text: string, start: number, sink: TokenSink): number {
	let offset = start;
	let runLength = 0;
	while (offset < text.length && classAt(text, offset) === CJK) {
		runStarts[runLength++] = offset;
		offset += unitsAt(text, offset);
	}
	if (runLength === 1) {
		emitUnlessStopword(text, start, offset, sink);
		return offset;
	}
	for (let index = 0; index + 1 < runLength; index++) {
		emitUnlessStopword(text, runStarts[index], index + 2 < runLength ? runStarts[index + 2] : offset, sink);
	}
	return offset;
}

function emitUnlessStopword(text: string, start: number, end: number, sink: TokenSink): void {
	const hash = hashOfRange(text, start, end);
	if (!isStopword(text, start, end, hash)) sink(text, start, end, NO_TAIL, hash);
}

function isStopword(text: string, start: number, end: number, hash: number): boolean {
	return STOPWORDS.idOfRange(text, start, end, NO_TAIL, hash) !== -1;
}
