import { CJK, classOfCodePoint } from "./characterClasses";

/**
 * A cheap, deterministic token estimate, used for every budget of the context. No tokenizer
 * ships with the plugin (Claude's is not public), so the rule is a calibrated rough count:
 *
 * - a CJK character (Han, Kana, Hangul) or a full-width CJK punctuation mark is one token;
 * - any other character (Latin letters, digits, spaces, punctuation, emoji) is a quarter token,
 *   the usual four characters per token of English text and code;
 * - a text's estimate is the sum, rounded up.
 *
 * Weights are sums of quarters, exact in floating point, so the estimate of a text cut into
 * pieces never drifts from the estimate of the whole by more than the rounding of each piece.
 */
const CJK_WEIGHT = 1;
const OTHER_WEIGHT = 0.25;

/** The estimated tokens of `text`. */
export function estimateTokens(text: string): number {
	return Math.ceil(textWeight(text));
}

/** The unrounded estimate of `text`, for budgets that add up pieces before rounding. */
export function textWeight(text: string): number {
	let weight = 0;
	// A loop over UTF-16 units rather than `for...of`: this runs over the whole conversation every turn.
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
			const low = text.charCodeAt(index + 1);
			if (low >= 0xdc00 && low <= 0xdfff) {
				weight += characterWeight(((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000);
				index++;
				continue;
			}
		}
		weight += characterWeight(code);
	}
	return weight;
}

export function characterWeight(code: number): number {
	// Below Hangul Jamo (U+1100) nothing is CJK: the common case needs no lookup.
	if (code < 0x1100) return OTHER_WEIGHT;
	return classOfCodePoint(code) === CJK || isFullWidthPunctuation(code) ? CJK_WEIGHT : OTHER_WEIGHT;
}

/** CJK symbols and punctuation (`，。「」`) and the full-width forms (`！？：`), written with CJK text. */
function isFullWidthPunctuation(code: number): boolean {
	return (code >= 0x3000 && code <= 0x303f) || (code >= 0xff00 && code <= 0xffef);
}
