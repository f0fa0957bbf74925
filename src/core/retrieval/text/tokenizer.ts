import {
	ASCII_CLASSES,
	CJK,
	classOfCodePoint,
	isPlainSeparator,
	WORD,
	type CharClass,
} from "../../text/characterClasses";
import { foldPlural, foldPluralBytes, type FoldedWord } from "./pluralFolding";
import { isStopword, isStopwordBytes } from "./stopwords";
import { extendHash, HASH_START, hashOfBytes, hashOfRange } from "./termHash";
import { NO_TAIL } from "../indexing/termTable";
import { withLength } from "../indexing/typedArrays";

/** Longer "words" are hashes, base64 or URLs run together: noise for search, and heavy in memory. */
const MAX_WORD_LENGTH = 40;
/** Any UTF-16 code unit outside ASCII. */
const NON_ASCII = /[\u0080-\uffff]/;
/**
 * Each byte of UTF-8 text lowercased if it is part of a word (an ASCII letter or digit), else 0
 * (NUL is no part of a word). Every byte of a longer character is 0x80 or more, and a separator:
 * right where those characters are plain separators (`isPlainSeparator`).
 */
const WORD_BYTES = Uint8Array.from({ length: 0x100 }, (_, byte) =>
	byte < 0x80 && ASCII_CLASSES[byte] === WORD ? String.fromCharCode(byte).toLowerCase().charCodeAt(0) : 0,
);

const encoder = new TextEncoder();
/** The text being read as bytes (see `TermSink`), in UTF-8, reused between calls. */
let utf8Bytes = new Uint8Array(4096);

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

/** A `TokenSink` for a token held a byte a character (lowercased ASCII letters and digits): `bytes[start, end)` + `tail`. */
export type ByteTokenSink = (bytes: Uint8Array, start: number, end: number, tail: number, hash: number) => void;

/**
 * Where the index takes tokens: as bytes where the text is ASCII, or ASCII but for characters
 * that only separate words (`isPlainSeparator`), which is most text; as strings elsewhere.
 * Comparing a token with the terms it may be, and copying a new one, is faster from bytes than
 * through `charCodeAt`, which dispatches on how each string is stored.
 */
export interface TermSink {
	readonly text: TokenSink;
	readonly bytes: ByteTokenSink;
}

/**
 * Calls `sink` with each search token of `text`, in order. The same tokenizer serves notes and
 * queries, which is what makes its choices safe: NFKC and case folding (full-width letters,
 * ligatures and case all match), words of letters and digits in any space-separated script with
 * English plurals folded, English and Chinese stopwords dropped, and runs of Han, Kana and Hangul
 * turned into overlapping bigrams (a one-character run stays one token). Punctuation, CJK
 * punctuation included, only separates. `sink` must not tokenize in turn (state is shared).
 */
export function scanTokens(text: string, sink: TokenSink | TermSink): void {
	if (typeof sink === "function") {
		scanText(text, sink);
		return;
	}
	const length = readPlain(text);
	if (length === -1) scanText(text, sink.text);
	else scanBytes(utf8Bytes, length, sink.bytes);
}

/** `scanTokens` with every token given as a string range. */
function scanText(text: string, sink: TokenSink): void {
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
 * Puts `text` in `utf8Bytes` as UTF-8 and returns how many bytes that took, if it is ASCII but for
 * plain separators; else returns -1. Such a text needs no NFKC, and lowercasing it is per
 * character: `scanBytes` reads it as `scanText` would read it folded.
 */
function readPlain(text: string): number {
	// Room for the longest encoding, three bytes a code unit: the whole text is encoded.
	utf8Bytes = withLength(utf8Bytes, text.length * 3 + 1);
	const { written } = encoder.encodeInto(text, utf8Bytes);
	// A separator after the end: a word read to the end stops there by itself.
	utf8Bytes[written] = 0;
	return written === text.length || onlyPlainBeyondAscii(text) ? written : -1;
}

/** Whether every character of `text` outside ASCII is a plain separator. */
function onlyPlainBeyondAscii(text: string): boolean {
	for (let offset = 0; offset < text.length; offset++) {
		const unit = text.charCodeAt(offset);
		if (unit < 0x80) continue;
		// A lone surrogate is no plain separator.
		const code = unit >= 0xd800 && unit <= 0xdbff ? (text.codePointAt(offset) ?? unit) : unit;
		if (!isPlainSeparator(code)) return false;
		if (code > 0xffff) offset++;
	}
	return true;
}

/**
 * `scanFolded` for `bytes[0, length)`, UTF-8 text whose characters beyond ASCII are all plain
 * separators, followed by a 0 (which ends its last word): lowercases its words in place as it
 * reads them.
 */
function scanBytes(bytes: Uint8Array, length: number, sink: ByteTokenSink): void {
	let index = 0;
	for (;;) {
		while (index < length && WORD_BYTES[bytes[index]] === 0) index++;
		if (index === length) return;
		const wordStart = index;
		let hash = HASH_START;
		let byte: number;
		while ((byte = WORD_BYTES[bytes[index]]) !== 0) {
			bytes[index++] = byte;
			hash = extendHash(hash, byte);
		}
		emitByteWord(bytes, wordStart, index, hash, sink);
	}
}

/**
 * `emitWord` for a word held a byte a character. A twin rather than one function over both kinds
 * of text: a reader that took either would make every call in indexing's hottest loop polymorphic.
 */
function emitByteWord(bytes: Uint8Array, start: number, end: number, hash: number, sink: ByteTokenSink): void {
	if (end - start > MAX_WORD_LENGTH || isStopwordBytes(bytes, start, end, hash)) return;
	foldPluralBytes(bytes, start, end, foldedWord);
	const { end: wordEnd, tail } = foldedWord;
	const foldedHash = wordEnd === end ? hash : hashOfBytes(bytes, start, wordEnd);
	sink(bytes, start, wordEnd, tail, tail === NO_TAIL ? foldedHash : extendHash(foldedHash, tail));
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
	return next >= 0xdc00 && next <= 0xdfff
		? classOfCodePoint(((unit - 0xd800) << 10) + next - 0xdc00 + 0x10000)
		: classOfCodePoint(unit);
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
