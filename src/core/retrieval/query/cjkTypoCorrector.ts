import { BODY } from "../indexing/fields";
import type { InvertedIndex } from "../indexing/invertedIndex";
import { TermLists } from "../indexing/termLists";
import type { Vocabulary } from "../indexing/vocabulary";
import type { QueryCatchUp } from "./queryCatchUp";

/** The two bigrams a corrected character makes with its neighbours. */
export interface CjkCorrection {
	readonly left: number;
	readonly right: number;
}

/**
 * How often the two corrected bigrams must stand in the same notes: of the notes that have the
 * more widespread one, at least this share has the other too, and at least `MIN_SHARED_NOTES`.
 */
const MIN_ASSOCIATION = 0.6;
const MIN_SHARED_NOTES = 2;

/**
 * Finds the Han character a mistyped one was meant to be: "反响链接" for 反向链接 (a homophone an
 * input method offered) is read as the bigrams 反响 响链 链接, and the two around the wrong
 * character are words no note has. A character X such that 反X and X链 are both in the index is a
 * guess supported from both sides, but most such guesses are chance: a character between two
 * others that happen to start and end common bigrams. What tells a word apart is that its two
 * bigrams come together: 向链 is in the very notes 反向 is in. So a guess is kept only if its two
 * bigrams share most of their notes, and the one sharing the largest share wins.
 *
 * Asked only when both bigrams around a Han character between two Han characters are unknown:
 * one unknown bigram is usually just two words side by side, and kana is grammar, not typos.
 */
export class CjkTypoCorrector {
	private readonly bigramsByFirst = new TermLists();
	private indexedTerms = 0;

	constructor(
		private readonly vocabulary: Vocabulary,
		private readonly postings: InvertedIndex,
		private readonly beforeQuery: QueryCatchUp,
	) {}

	/** The bigrams `first`X and X`last` for the likeliest middle character X, or `null`. */
	correct(first: number, last: number): CjkCorrection | null {
		this.catchUp(this.beforeQuery());
		const candidates = this.bigramsByFirst.get(first);
		let best: CjkCorrection | null = null;
		let bestAssociation = MIN_ASSOCIATION;
		for (let index = 0; candidates !== undefined && index < candidates.length; index++) {
			const left = candidates.ids[index];
			const right = this.vocabulary.idOf(String.fromCharCode(this.vocabulary.termOf(left).charCodeAt(1), last));
			if (right === undefined) continue;
			const association = this.associationOf(left, right);
			if (association > bestAssociation) {
				best = { left, right };
				bestAssociation = association;
			}
		}
		return best;
	}

	/** Indexes up to `limit` more terms of the vocabulary; returns whether it has them all. */
	catchUp(limit: number): boolean {
		const end = Math.min(this.vocabulary.size, this.indexedTerms + limit);
		for (; this.indexedTerms < end; this.indexedTerms++) {
			const term = this.vocabulary.termOf(this.indexedTerms);
			if (!isHanBigram(term)) continue;
			this.bigramsByFirst.add(term.charCodeAt(0), this.indexedTerms);
		}
		return this.indexedTerms === this.vocabulary.size;
	}

	/** The share of the notes with the more widespread of two terms that have the other as well (0 below the minimum shared). */
	private associationOf(left: number, right: number): number {
		const leftNotes = new Set(this.postings.notesWith(left, BODY));
		const rightNotes = this.postings.notesWith(right, BODY);
		const shared = rightNotes.filter((note) => leftNotes.has(note)).length;
		return shared < MIN_SHARED_NOTES ? 0 : shared / Math.max(leftNotes.size, rightNotes.length);
	}
}

/** Two Han characters of the Basic Multilingual Plane (the rare ones beyond it are left alone). */
export function isHanBigram(term: string): boolean {
	return term.length === 2 && isHan(term.charCodeAt(0)) && isHan(term.charCodeAt(1));
}

function isHan(code: number): boolean {
	return (code >= 0x3400 && code <= 0x4dbf) || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff);
}
