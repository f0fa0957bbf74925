import { CJK, classOfCodePoint, WORD } from "../../text/characterClasses";

/**
 * What an embedding model reads. Many small models (and all the English ones) were trained on
 * text written with spaces only: for them a Chinese or Japanese text is noise, and its vector
 * places it near unrelated ones. Their vector list must then leave the keyword list alone.
 */
export interface ModelCoverage {
	/** Reads Chinese, Japanese and Korean (multilingual models such as bge-m3 or qwen3-embedding). */
	readonly readsCjk: boolean;
}

/** A multilingual model, and what a model the user names without saying is taken to be. */
export const READS_ALL: ModelCoverage = { readsCjk: true };

/**
 * The share of CJK characters among a text's letters at which it counts as written in Chinese,
 * Japanese or Korean. A CJK character carries about a word, so a Chinese sentence with an English
 * product name in it is still well over this.
 */
const CJK_TEXT_SHARE = 0.3;

/** Whether the model reads `text`: always, unless it is CJK text and the model reads no CJK. */
export function modelReads(coverage: ModelCoverage, text: string): boolean {
	if (coverage.readsCjk) return true;
	let cjk = 0;
	let letters = 0;
	for (const char of text) {
		const charClass = classOfCodePoint(char.codePointAt(0) ?? 0);
		if (charClass === CJK) cjk++;
		if (charClass === CJK || charClass === WORD) letters++;
	}
	return letters === 0 || cjk / letters < CJK_TEXT_SHARE;
}

export interface TrustParams {
	/**
	 * How far, in standard deviations of the list's similarities, the best must stand above their
	 * mean for the list to be trusted at all, and fully. A model that understood the query puts a
	 * few notes well clear of the rest; one that did not spreads them evenly.
	 */
	readonly lowMargin: number;
	readonly highMargin: number;
}

export const DEFAULT_TRUST: TrustParams = { lowMargin: 0, highMargin: 0 };

/**
 * How much the vector list of a query is worth, from 0 (ignore it) to 1: 0 when the model does
 * not read the query's language; else from how clearly its best similarity stands out.
 */
export function vectorTrust(
	query: string,
	similarities: readonly number[],
	coverage: ModelCoverage,
	params = DEFAULT_TRUST,
): number {
	if (!modelReads(coverage, query) || similarities.length === 0) return 0;
	if (params.highMargin <= 0) return 1;
	const mean = similarities.reduce((sum, value) => sum + value, 0) / similarities.length;
	const spread = Math.sqrt(similarities.reduce((sum, value) => sum + (value - mean) ** 2, 0) / similarities.length);
	if (spread === 0) return 0;
	const margin = (Math.max(...similarities) - mean) / spread;
	if (margin <= params.lowMargin) return 0;
	return Math.min(1, (margin - params.lowMargin) / (params.highMargin - params.lowMargin));
}
