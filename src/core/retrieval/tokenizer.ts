import { ASCII_CLASSES, CJK, classOfCodePoint, WORD, type CharClass } from "./characterClasses";
import { foldPlural, type FoldedWord } from "./pluralFolding";
import { isStopword } from "./stopwords";
import { extendHash, HASH_START, hashOfRange } from "./termHash";
import { NO_TAIL } from "./termTable";
import { withLength } from "./typedArrays";

/** Longer "words" are hashes, base64 or URLs run together: noise for search, and heavy in memory. */
const MAX_WORD_LENGTH = 40;
/** Any UTF-16 code unit outside ASCII. */
const NON_ASCII = /[\u0080-\uffff]/;

const encoder = new TextEncoder();
/** The ASCII range being read by `RangeTokenizer`, one byte a character, reused between calls. */
let asciiBytes = new Uint8Array(4096);

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
	// NFKC leaves ASCII as it is: most texts need no call into ICU.
	const folded = (NON_ASCII.test(text) ? text.normalize("NFKC") : text).toLowerCase();
	scanFolded(folded, 0, folded.length, sink);
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

/**
 * Tokenizes ranges of one text (a note, chunk by chunk) as `scanTokens` tokenizes each range
 * sliced out, but reads an ASCII range where it stands in the text lowercased once as a whole,
 * and from a byte array, which is faster than `charCodeAt`: most chunks are ASCII, and slicing
 * and folding each one cost as much as reading it. That gives the same tokens as long as
 * lowercasing the whole text moved nothing (only "İ" lowercases to two code units) and the range
 * is ASCII once lowercased: folding ASCII is per character (NFKC leaves it as it is), and the one
 * other character that lowercases into ASCII, the Kelvin sign, is "K" to NFKC. A range with other
 * characters is folded on its own, since NFKC and lower case look at neighbours there.
 */
export class RangeTokenizer {
	/** `text` lowercased; `null` when that moved characters. */
	private readonly lowered: string | null;

	constructor(private readonly text: string) {
		const lowered = text.toLowerCase();
		this.lowered = lowered.length === text.length ? lowered : null;
	}

	/** Calls `sink` with each search token of `text.slice(start, end)` (which, like `slice`, stops at the text's end). */
	scan(start: number, end: number, sink: TokenSink): void {
		const to = Math.min(end, this.text.length);
		if (start >= to) return;
		if (this.lowered !== null && readAscii(this.lowered.slice(start, to))) scanAscii(asciiBytes, this.lowered, start, to, sink);
		else scanTokens(this.text.slice(start, to), sink);
	}
}

/**
 * Puts `text` in `asciiBytes`, a byte a character, and returns true, if it is all ASCII. Encoded
 * into a view exactly as long as the text, any other character (two bytes or more in UTF-8)
 * leaves it short, which is how it is told apart.
 */
function readAscii(text: string): boolean {
	asciiBytes = withLength(asciiBytes, text.length);
	const { read, written } = encoder.encodeInto(text, asciiBytes.subarray(0, text.length));
	return read === text.length && written === text.length;
}

/** `scanFolded` for an ASCII range of `text`, whose code units `bytes` holds from index 0. */
function scanAscii(bytes: Uint8Array, text: string, start: number, end: number, sink: TokenSink): void {
	const length = end - start;
	let index = 0;
	for (;;) {
		while (index < length && ASCII_CLASSES[bytes[index]] !== WORD) index++;
		if (index === length) return;
		const wordStart = index;
		let hash = HASH_START;
		do hash = extendHash(hash, bytes[index++]);
		while (index < length && ASCII_CLASSES[bytes[index]] === WORD);
		emitWord(text, start + wordStart, start + index, hash, sink);
	}
}

/** Tokenizes `text[start, end)` of a text already folded, as if it were all there is. */
function scanFolded(text: string, start: number, end: number, sink: TokenSink): void {
	let offset = start;
	while (offset < end) {
		const unit = text.charCodeAt(offset);
		// ASCII first: most of most notes.
		if (unit < 0x80) {
			if (ASCII_CLASSES[unit] === WORD) offset = scanWord(text, offset, end, sink);
			else offset++;
			continue;
		}
		const charClass = classAt(text, offset, end);
		if (charClass === WORD) offset = scanWord(text, offset, end, sink);
		else if (charClass === CJK) offset = scanCjkRun(text, offset, end, sink);
		else offset += unitsAt(text, offset, end);
	}
}

function classAt(text: string, offset: number, end: number): CharClass {
	const unit = text.charCodeAt(offset);
	if (unit < 0xd800 || unit > 0xdbff || offset + 1 === end) return classOfCodePoint(unit);
	const next = text.charCodeAt(offset + 1);
	return next >= 0xdc00 && next <= 0xdfff ? classOfCodePoint(((unit - 0xd800) << 10) + next - 0xdc00 + 0x10000) : classOfCodePoint(unit);
}

/** 2 for a high surrogate with a unit after it in the range (a surrogate pair), else 1. */
function unitsAt(text: string, offset: number, end: number): number {
	const unit = text.charCodeAt(offset);
	return unit >= 0xd800 && unit <= 0xdbff && offset + 1 < end ? 2 : 1;
}

/** Reads the word that starts at `start`, hashing as it goes; returns where it ends. */
function scanWord(text: string, start: number, end: number, sink: TokenSink): number {
	let offset = start;
	let hash = HASH_START;
	while (offset < end) {
		const unit = text.charCodeAt(offset);
		if (unit < 0x80) {
			if (ASCII_CLASSES[unit] !== WORD) break;
			hash = extendHash(hash, unit);
			offset++;
		} else {
			if (classAt(text, offset, end) !== WORD) break;
			hash = extendHash(hash, unit);
			if (unitsAt(text, offset, end) === 2) hash = extendHash(hash, text.charCodeAt(++offset));
			offset++;
		}
	}
	emitWord(text, start, offset, hash, sink);
	return offset;
}

/** Emits the word `text[start, end)` (whose hash is `hash`), its plural folded, unless it is too long or a stopword. */
function emitWord(text: string, start: number, end: number, hash: number, sink: TokenSink): void {
	if (end - start > MAX_WORD_LENGTH || isStopword(text, start, end, hash)) return;
	foldPlural(text, start, end, foldedWord);
	const { end: wordEnd, tail } = foldedWord;
	// Most words are not plurals: only a folded one is hashed again.
	const foldedHash = wordEnd === end ? hash : hashOfRange(text, start, wordEnd);
	sink(text, start, wordEnd, tail, tail === NO_TAIL ? foldedHash : extendHash(foldedHash, tail));
}

/** Reads the CJK run that starts at `start` and emits its bigrams; returns where it ends. */
function scanCjkRun(text: string, start: number, end: number, sink: TokenSink): number {
	let offset = start;
	let runLength = 0;
	while (offset < end && classAt(text, offset, end) === CJK) {
		runStarts[runLength++] = offset;
		offset += unitsAt(text, offset, end);
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
