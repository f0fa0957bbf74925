import { CJK, classOfCodePoint, WORD } from "../../text/characterClasses";
import { tokenize } from "../text/tokenizer";

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
	 * The share of the query's words that keyword search's best note holds, up to which vectors
	 * count fully, and from which they count no more. A question worded like its answer is found by
	 * its words, and there the vectors only add noise; one in the asker's own words matches a word
	 * here and there, and there the vectors are what finds it.
	 */
	readonly coveredLow: number;
	readonly coveredHigh: number;
}

/**
 * Measured on the eval's sets with an English model (`npm run eval`): vectors count fully up to
 * half the query's words held by the best keyword match, and not at all from four fifths, which
 * keeps every easy question where keywords alone had it and still lifts the hard ones.
 */
export const DEFAULT_TRUST: TrustParams = { coveredLow: 0.5, coveredHigh: 0.8 };

/** What the trust in one query's vector list is judged on. */
export interface TrustInput {
	readonly query: string;
	readonly coverage: ModelCoverage;
	/**
	 * The share of the searched chunks the model reads (`modelReads`): an English model over a
	 * Japanese vault ranks only the few passages in English, and must weigh little.
	 */
	readonly readableShare: number;
	/** The share (0..1) of the query's words the best keyword match holds; 0 when nothing matched. */
	readonly keywordCoverage: number;
}

/**
 * How much a query's vector list is worth beside its keyword list, from 0 (ignore it) to 1: 0
 * when the model does not read the query's language, else less as fewer of the chunks are ones it
 * reads, and as keyword search holds more of the query.
 */
export function vectorTrust(input: TrustInput, params = DEFAULT_TRUST): number {
	if (!modelReads(input.coverage, input.query)) return 0;
	return clamp(input.readableShare) * keywordRoom(input.keywordCoverage, params);
}

function keywordRoom(covered: number, params: TrustParams): number {
	if (covered >= params.coveredHigh) return 0;
	if (covered <= params.coveredLow) return 1;
	return (params.coveredHigh - covered) / (params.coveredHigh - params.coveredLow);
}

/**
 * The share of a query's words (its search terms, as the tokenizer cuts them) that a keyword
 * match holds, from the terms it matched (`SearchHit.matchedTerms`, typo corrections included).
 */
export function keywordCoverage(query: string, matchedTerms: readonly string[]): number {
	const words = new Set(tokenize(query)).size;
	return words === 0 ? 0 : Math.min(1, new Set(matchedTerms).size / words);
}

function clamp(value: number): number {
	return Math.min(1, Math.max(0, value));
}
