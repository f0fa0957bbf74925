/**
 * Splits one section of a note into passages of at most `maxChars` characters, at the best
 * boundary available near the limit (paragraph, then line, then sentence, then word; inside a
 * code block only at a line, and only when nothing outside offers itself), each passage after the
 * first repeating about `overlapChars` characters of the one before so that a sentence cut in two
 * is still whole somewhere.
 */

export interface PassageOptions {
	readonly maxChars: number;
	readonly overlapChars: number;
}

/** A range of the text, `[start, end)` in UTF-16 offsets. */
export type OffsetRange = readonly [start: number, end: number];

const PARAGRAPH = 5;
const LINE = 4;
const SENTENCE = 3;
const WORD = 2;
const BETWEEN_CJK = 1;
const CODE_LINE = 0.5;

const NEWLINE = 0x0a;

export function splitPassages(
	text: string,
	range: OffsetRange,
	codeBlocks: readonly OffsetRange[],
	options: PassageOptions,
): OffsetRange[] {
	let start = skipSpaceForward(text, range[0], range[1]);
	const end = skipSpaceBackward(text, start, range[1]);
	const passages: OffsetRange[] = [];
	while (start < end) {
		const cut = end - start <= options.maxChars ? end : findCut(text, start, options.maxChars, codeBlocks);
		passages.push([start, skipSpaceBackward(text, start, cut)]);
		if (cut >= end) break;
		start = skipSpaceForward(text, overlapStart(text, start, cut, options.overlapChars, codeBlocks), end);
	}
	return passages;
}

/** The best place to end a passage that starts at `start`: the strongest boundary, the latest among equals. */
function findCut(text: string, start: number, maxChars: number, codeBlocks: readonly OffsetRange[]): number {
	const latest = start + maxChars;
	const earliest = start + Math.floor(maxChars / 2);
	const lineEnd = latestLineBoundary(text, earliest, latest, codeBlocks);
	if (lineEnd !== -1) return lineEnd;
	let best = -1;
	let bestStrength = 0;
	for (let offset = latest; offset > earliest; offset--) {
		const strength = boundaryStrength(text, offset, codeBlocks);
		if (strength > bestStrength) {
			best = offset;
			bestStrength = strength;
			if (strength === PARAGRAPH) break;
		}
	}
	if (bestStrength === CODE_LINE) {
		// Only code lines near the limit: end the passage earlier, before the code block, if prose
		// allows it and the passage stays long enough to move well past the overlap.
		for (let offset = earliest; offset > start + Math.floor(maxChars / 4); offset--) {
			if (boundaryStrength(text, offset, codeBlocks) >= LINE) return offset;
		}
	}
	if (best !== -1) return best;
	// No boundary at all (one enormous word): cut anyway, but never between the halves of a surrogate pair.
	const code = text.charCodeAt(latest - 1);
	return code >= 0xd800 && code <= 0xdbff ? latest - 1 : latest;
}

/**
 * The latest paragraph boundary in `(earliest, latest]`, else the latest line boundary, else -1:
 * what the offset-by-offset search finds whenever the window holds a line ending outside code
 * (nothing else is that strong), found by visiting only the line endings, as most windows have some.
 */
function latestLineBoundary(
	text: string,
	earliest: number,
	latest: number,
	codeBlocks: readonly OffsetRange[],
): number {
	let line = -1;
	for (
		let newline = text.lastIndexOf("\n", latest - 1);
		newline >= earliest;
		newline = text.lastIndexOf("\n", newline - 1)
	) {
		if (isInCode(newline + 1, codeBlocks)) continue;
		if (previousLineIsBlank(text, newline)) return newline + 1;
		if (line === -1) line = newline + 1;
		// lastIndexOf from -1 searches from 0 again.
		if (newline === 0) break;
	}
	return line;
}

/**
 * How good a place `offset` (between two characters) is to end a passage; 0 is not a boundary.
 * Called for most offsets near each cut, so it reads code units rather than one-character strings.
 */
function boundaryStrength(text: string, offset: number, codeBlocks: readonly OffsetRange[]): number {
	const before = text.charCodeAt(offset - 1);
	if (isInCode(offset, codeBlocks)) return before === NEWLINE ? CODE_LINE : 0;
	if (before === NEWLINE) return previousLineIsBlank(text, offset - 1) ? PARAGRAPH : LINE;
	// NaN at the end of the text: no character after.
	const after = text.charCodeAt(offset);
	if (isSpace(before) && !isSpace(after)) {
		let word = offset - 1;
		while (word > 0 && isSpace(text.charCodeAt(word - 1))) word--;
		return word > 0 && isSentenceEnd(text.charCodeAt(word - 1)) ? SENTENCE : WORD;
	}
	if (isCjkSentenceEnd(before)) return SENTENCE;
	if (isCjkCharacter(before) && isCjkCharacter(after)) return BETWEEN_CJK;
	return 0;
}

function isInCode(offset: number, codeBlocks: readonly OffsetRange[]): boolean {
	for (let index = 0; index < codeBlocks.length; index++) {
		if (offset > codeBlocks[index][0] && offset < codeBlocks[index][1]) return true;
	}
	return false;
}

function previousLineIsBlank(text: string, newline: number): boolean {
	for (let offset = newline - 1; offset >= 0; offset--) {
		const unit = text.charCodeAt(offset);
		if (unit === NEWLINE) return true;
		if (!isSpace(unit)) return false;
	}
	return true;
}

/** Where the next passage starts: at the first boundary about `overlapChars` before the cut, after the previous start. */
function overlapStart(
	text: string,
	previousStart: number,
	cut: number,
	overlapChars: number,
	codeBlocks: readonly OffsetRange[],
): number {
	for (let offset = Math.max(previousStart + 1, cut - overlapChars); offset < cut; offset++) {
		if (boundaryStrength(text, offset, codeBlocks) >= BETWEEN_CJK) return offset;
	}
	return cut;
}

function skipSpaceForward(text: string, offset: number, limit: number): number {
	while (offset < limit && isSpace(text.charCodeAt(offset))) offset++;
	return offset;
}

function skipSpaceBackward(text: string, limit: number, offset: number): number {
	while (offset > limit && isSpace(text.charCodeAt(offset - 1))) offset--;
	return offset;
}

/** Space, newline, tab, carriage return, ideographic space. */
function isSpace(unit: number): boolean {
	return unit === 0x20 || unit === NEWLINE || unit === 0x09 || unit === 0x0d || unit === 0x3000;
}

/** . ! ? ; : */
function isSentenceEnd(unit: number): boolean {
	return unit === 0x2e || unit === 0x21 || unit === 0x3f || unit === 0x3b || unit === 0x3a;
}

/** 。！？；… */
function isCjkSentenceEnd(unit: number): boolean {
	return unit === 0x3002 || unit === 0xff01 || unit === 0xff1f || unit === 0xff1b || unit === 0x2026;
}

/** Kana, Han (with extension A) and Hangul syllables, between which a passage may end. */
function isCjkCharacter(unit: number): boolean {
	return (
		(unit >= 0x3040 && unit <= 0x30ff) ||
		(unit >= 0x3400 && unit <= 0x4dbf) ||
		(unit >= 0x4e00 && unit <= 0x9fff) ||
		(unit >= 0xac00 && unit <= 0xd7a3)
	);
}
