import { CJK, classOfCodePoint } from "../../text/characterClasses";
import { isGrammarBigram } from "../text/grammarBigrams";
import { TermLists } from "../indexing/termLists";
import type { Vocabulary } from "../indexing/vocabulary";

/**
 * How many bigrams a character stands for at most, those in the most notes first: enough for the
 * words a character forms in a vault (盐水, 加盐, 食盐), few enough that a query stays a handful of
 * posting lists.
 */
const MAX_EXPANSIONS = 24;

/**
 * Finds the bigrams of the vocabulary that a CJK character is part of. Notes hold CJK text as
 * bigrams (see `tokenizer.ts`), so a character on its own in a query ("盐") would only meet the
 * notes where it also stands alone, while most notes have it inside words (盐水, 葱花). Indexing
 * every character as well would double the postings of CJK text; looking its bigrams up when a
 * query needs them costs one pass over the vocabulary, made once and kept up as it grows.
 *
 * Characters beyond the Basic Multilingual Plane are left alone (rare, and two code units each),
 * and so is hiragana: mostly grammar, whose bigrams would match nearly every Japanese note.
 */
export class CjkCharacterExpander {
	private readonly bigramsByCharacter = new TermLists();
	private indexedTerms = 0;

	constructor(private readonly vocabulary: Vocabulary) {}

	/** Up to `MAX_EXPANSIONS` bigrams some note has that start or end with `character`, in the most notes first. */
	expand(character: string, occurrences: (termId: number) => number): number[] {
		if (!isExpandable(character)) return [];
		// Not left to slices that are preparing it, as a typo correction is: a query of one
		// character finds nothing without it, where one with a typo only finds less.
		this.catchUp(Number.POSITIVE_INFINITY);
		const list = this.bigramsByCharacter.get(character.charCodeAt(0));
		if (list === undefined) return [];
		const present: { termId: number; notes: number }[] = [];
		for (let index = 0; index < list.length; index++) {
			const notes = occurrences(list.ids[index]);
			if (notes > 0) present.push({ termId: list.ids[index], notes });
		}
		present.sort((left, right) => right.notes - left.notes || left.termId - right.termId);
		return present.slice(0, MAX_EXPANSIONS).map((bigram) => bigram.termId);
	}

	/** Indexes up to `limit` more terms of the vocabulary; returns whether it has them all. */
	catchUp(limit: number): boolean {
		const end = Math.min(this.vocabulary.size, this.indexedTerms + limit);
		for (; this.indexedTerms < end; this.indexedTerms++) {
			const term = this.vocabulary.termOf(this.indexedTerms);
			if (term.length !== 2 || !isCjkUnit(term.charCodeAt(0)) || !isCjkUnit(term.charCodeAt(1))) continue;
			this.bigramsByCharacter.add(term.charCodeAt(0), this.indexedTerms);
			// A doubled character (哈哈) is listed once: `add` skips a repeat in a row.
			this.bigramsByCharacter.add(term.charCodeAt(1), this.indexedTerms);
		}
		return this.indexedTerms === this.vocabulary.size;
	}
}

/** Whether `token` is one CJK character whose bigrams can stand for it (see above). */
export function isExpandable(token: string): boolean {
	return token.length === 1 && isCjkUnit(token.charCodeAt(0)) && !isGrammarBigram(token);
}

function isCjkUnit(unit: number): boolean {
	return classOfCodePoint(unit) === CJK;
}
