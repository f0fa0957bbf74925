import { classOfCodePoint, WORD } from "../../text/characterClasses";
import { boundedEditDistance } from "../text/editDistance";
import { withLength } from "../indexing/typedArrays";
import { TermLists } from "../indexing/termLists";
import type { Vocabulary } from "../indexing/vocabulary";
import type { QueryCatchUp } from "./queryCatchUp";

/** Shorter words have too many neighbours one edit away to guess which was meant. */
const MIN_WORD_LENGTH = 4;
const LETTERS_ONLY = /^[\p{L}\p{M}]+$/u;

/**
 * Finds the word a mistyped query word was meant to be ("dialy" → "daily", "grpah" → "graph"),
 * among the index's own vocabulary (which holds every word of titles, aliases, headings and
 * bodies). Candidates come from an index of letter bigrams (with word-boundary markers, so that
 * swapped neighbours still share most of them), and are kept only within a small edit distance:
 * 1 edit, 2 for words of eight letters or more. Of the closest, the most frequent wins.
 *
 * Kept up to date with the vocabulary, which only ever grows, so catching up is cheap; the index
 * catches up in slices (`QueryCorrectors.prepare`), so that the first typo of a
 * session does not pay for the whole vocabulary.
 */
export class TypoCorrector {
	private readonly termsByBigram = new TermLists();
	private indexedTerms = 0;
	private sharedCounts = new Uint8Array(0);
	private readonly counted: number[] = [];

	constructor(
		private readonly vocabulary: Vocabulary,
		private readonly beforeQuery: QueryCatchUp,
	) {}

	/** The term id `word` most likely stands for, or `null`; `occurrences(id)` is 0 for a term no note has. */
	correct(word: string, occurrences: (termId: number) => number): number | null {
		if (!isCorrectable(word)) return null;
		this.catchUp(this.beforeQuery());
		const limit = word.length >= 8 ? 2 : 1;
		const bigrams = [...new Set(bigramsOf(word))];
		const minimumShared = Math.max(1, bigrams.length - 3 * limit);
		this.sharedCounts = withLength(this.sharedCounts, this.vocabulary.size);
		for (const bigram of bigrams) {
			const list = this.termsByBigram.get(bigram);
			for (let index = 0; list !== undefined && index < list.length; index++) {
				const termId = list.ids[index];
				if (this.sharedCounts[termId]++ === 0) this.counted.push(termId);
			}
		}
		let best: number | null = null;
		let bestDistance = limit + 1;
		let bestOccurrences = 0;
		for (const termId of this.counted) {
			const shared = this.sharedCounts[termId];
			this.sharedCounts[termId] = 0;
			if (shared < minimumShared) continue;
			const term = this.vocabulary.termOf(termId);
			const distance = boundedEditDistance(word, term, limit);
			if (distance > bestDistance) continue;
			const frequency = occurrences(termId);
			if (frequency === 0) continue;
			const better =
				distance < bestDistance ||
				frequency > bestOccurrences ||
				(frequency === bestOccurrences && best !== null && term < this.vocabulary.termOf(best));
			if (better) {
				best = termId;
				bestDistance = distance;
				bestOccurrences = frequency;
			}
		}
		this.counted.length = 0;
		return best;
	}

	/** Indexes up to `limit` more terms of the vocabulary; returns whether it has them all. */
	catchUp(limit: number): boolean {
		const end = Math.min(this.vocabulary.size, this.indexedTerms + limit);
		for (; this.indexedTerms < end; this.indexedTerms++) {
			const term = this.vocabulary.termOf(this.indexedTerms);
			if (!isCorrectable(term)) continue;
			for (const bigram of bigramsOf(term)) this.termsByBigram.add(bigram, this.indexedTerms);
		}
		return this.indexedTerms === this.vocabulary.size;
	}
}

/** Words of letters in a space-separated script; CJK bigrams and numbers are not corrected. */
function isCorrectable(term: string): boolean {
	return term.length >= MIN_WORD_LENGTH && LETTERS_ONLY.test(term) && classOfCodePoint(term.charCodeAt(0)) === WORD;
}

/** Start and end markers: control characters, never part of a word. */
const WORD_START = 0;
const WORD_END = 1;

/** The word's bigrams with boundary markers, each as one number (two UTF-16 units). */
function bigramsOf(word: string): number[] {
	const bigrams: number[] = [];
	let previous = WORD_START;
	for (let index = 0; index <= word.length; index++) {
		const unit = index < word.length ? word.charCodeAt(index) : WORD_END;
		bigrams.push(previous * 0x10000 + unit);
		previous = unit;
	}
	return bigrams;
}
