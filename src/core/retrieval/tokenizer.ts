import { CJK, classOfCodePoint, SEPARATOR, WORD, type CharClass } from "./characterClasses";
import { foldPlural } from "./pluralFolding";
import { CHINESE_STOPWORDS, ENGLISH_STOPWORDS } from "./stopwords";

/** Longer "words" are hashes, base64 or URLs run together: noise for search, and heavy in memory. */
const MAX_WORD_LENGTH = 40;

/** Start offsets of the code points of the current CJK run, reused between calls. */
const runStarts: number[] = [];

/**
 * Calls `emit` with each search token of `text`, in order. The same tokenizer serves notes and
 * queries, which is what makes its choices safe: NFKC and case folding (full-width letters,
 * ligatures and case all match), words of letters and digits in any space-separated script with
 * English plurals folded, English and Chinese stopwords dropped, and runs of Han, Kana and Hangul
 * turned into overlapping bigrams (a one-character run stays one token). Punctuation, CJK
 * punctuation included, only separates. `emit` must not tokenize in turn (state is shared).
 */
export function forEachToken(text: string, emit: (token: string) => void): void {
	const folded = text.normalize("NFKC").toLowerCase();
	const length = folded.length;
	let offset = 0;
	while (offset < length) {
		const charClass = classAt(folded, offset);
		if (charClass === SEPARATOR) {
			offset += unitsAt(folded, offset);
			continue;
		}
		const start = offset;
		let runLength = 0;
		while (offset < length && classAt(folded, offset) === charClass) {
			if (charClass === CJK) runStarts[runLength++] = offset;
			offset += unitsAt(folded, offset);
		}
		if (charClass === WORD) emitWord(folded.slice(start, offset), emit);
		else emitCjkRun(folded, runLength, offset, emit);
	}
}

/** The tokens of `text` as an array (see `forEachToken`). */
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

function emitWord(word: string, emit: (token: string) => void): void {
	if (word.length > MAX_WORD_LENGTH || ENGLISH_STOPWORDS.has(word)) return;
	emit(foldPlural(word));
}

function emitCjkRun(folded: string, runLength: number, runEnd: number, emit: (token: string) => void): void {
	if (runLength === 1) {
		const single = folded.slice(runStarts[0], runEnd);
		if (!CHINESE_STOPWORDS.has(single)) emit(single);
		return;
	}
	for (let index = 0; index + 1 < runLength; index++) {
		const end = index + 2 < runLength ? runStarts[index + 2] : runEnd;
		const bigram = folded.slice(runStarts[index], end);
		if (!CHINESE_STOPWORDS.has(bigram)) emit(bigram);
	}
}
