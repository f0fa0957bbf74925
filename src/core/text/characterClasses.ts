/**
 * What the tokenizer needs to know of a character: part of a word (letters, marks and digits of
 * any script written with spaces), part of a CJK run (Han, Kana, Hangul: written without spaces,
 * so indexed as bigrams), or a separator (spaces, punctuation, symbols, CJK punctuation).
 */
export const SEPARATOR = 0;
export const WORD = 1;
export const CJK = 2;
export type CharClass = typeof SEPARATOR | typeof WORD | typeof CJK;

const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;
const UNKNOWN = 3;

/** The class of every UTF-16 code unit, filled in lazily (Unicode property tests are slow). */
const bmpClasses = new Uint8Array(0x10000).fill(UNKNOWN);

/** The class of each ASCII character, for the tokenizer's fast path (most notes are mostly ASCII). */
export const ASCII_CLASSES: Readonly<Uint8Array> = Uint8Array.from({ length: 0x80 }, (_, code) => computeClass(code));

/** The class of a code point; hot enough that the common case is one array read. */
export function classOfCodePoint(code: number): CharClass {
	if (code < 0x10000) {
		const known = bmpClasses[code];
		if (known !== UNKNOWN) return known as CharClass;
		const computed = computeClass(code);
		bmpClasses[code] = computed;
		return computed;
	}
	return computeClass(code);
}

/**
 * Whether a character (not a surrogate) only separates words, whatever stands around it: a
 * separator without case that NFKC turns into separators only, and never into nothing. Such a
 * character is no mark (every combining mark is a word character), so NFKC neither reorders nor
 * composes it with its neighbours: a text whose other characters are ASCII tokenizes as its ASCII
 * with these read as spaces. Most non-ASCII characters of English notes are of this kind: dashes,
 * quotes, arrows, emoji.
 */
export function isPlainSeparator(code: number): boolean {
	if (code >= 0x10000) {
		let plain = astralPlainSeparators.get(code);
		if (plain === undefined) astralPlainSeparators.set(code, (plain = computePlainSeparator(code)));
		return plain;
	}
	let known = bmpPlainSeparators[code];
	if (known === UNKNOWN) bmpPlainSeparators[code] = known = computePlainSeparator(code) ? 1 : 0;
	return known === 1;
}

/** 1 for a plain separator, 0 for any other character, lazily as `bmpClasses`. */
const bmpPlainSeparators = new Uint8Array(0x10000).fill(UNKNOWN);
const astralPlainSeparators = new Map<number, boolean>();

function computePlainSeparator(code: number): boolean {
	const char = String.fromCodePoint(code);
	const folded = char.normalize("NFKC");
	return (
		classOfCodePoint(code) === SEPARATOR &&
		(code < 0xd800 || code > 0xdfff) &&
		char.toLowerCase() === char &&
		folded !== "" &&
		onlySeparators(folded) &&
		onlySeparators(folded.toLowerCase())
	);
}

function onlySeparators(text: string): boolean {
	for (const char of text) if (classOfCodePoint(char.codePointAt(0) ?? 0) !== SEPARATOR) return false;
	return true;
}

function computeClass(code: number): CharClass {
	if (isCjk(code)) return CJK;
	return WORD_CHARACTER.test(String.fromCodePoint(code)) ? WORD : SEPARATOR;
}

function isCjk(code: number): boolean {
	return (
		(code >= 0x3005 && code <= 0x3007) || // 々 〆 〇
		(code >= 0x3041 && code <= 0x309f) || // Hiragana
		(code >= 0x30a1 && code <= 0x30ff && code !== 0x30fb) || // Katakana (without the middle dot ・)
		(code >= 0x31f0 && code <= 0x31ff) || // Katakana phonetic extensions
		(code >= 0x3400 && code <= 0x4dbf) || // CJK extension A
		(code >= 0x4e00 && code <= 0x9fff) || // CJK unified ideographs
		(code >= 0xf900 && code <= 0xfaff) || // CJK compatibility ideographs
		(code >= 0x1100 && code <= 0x11ff) || // Hangul Jamo
		(code >= 0x3131 && code <= 0x318e) || // Hangul compatibility Jamo
		(code >= 0xac00 && code <= 0xd7a3) || // Hangul syllables
		(code >= 0x20000 && code <= 0x3134f) // CJK extensions B to G
	);
}
