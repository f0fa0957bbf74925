import type { InvertedIndex } from "../indexing/invertedIndex";
import type { Vocabulary } from "../indexing/vocabulary";
import { CjkCharacterExpander } from "./cjkCharacterExpander";
import { CjkTypoCorrector } from "./cjkTypoCorrector";
import { TypoCorrector } from "./typoCorrector";

/** Vocabulary terms a corrector takes in per step of `prepare`: a few milliseconds on a phone. */
const TERMS_PER_STEP = 1024;

/**
 * What stands in for a query word the vocabulary does not have as it is: typo correction for
 * words of space-separated scripts and for characters of CJK runs, and the bigrams a lone CJK
 * character is part of; with the indexing of the vocabulary they need, in small steps ahead of
 * need (otherwise the first query that needs it does it, all at once).
 */
export class QueryCorrectors {
	readonly words: TypoCorrector;
	readonly cjk: CjkTypoCorrector;
	readonly cjkCharacters: CjkCharacterExpander;
	/** `prepare` runs now, in time slices: a query does not do its work in its own task. */
	private preparations = 0;

	constructor(vocabulary: Vocabulary, postings: InvertedIndex) {
		const beforeQuery = () => (this.preparations > 0 ? 0 : Number.POSITIVE_INFINITY);
		this.words = new TypoCorrector(vocabulary, beforeQuery);
		this.cjk = new CjkTypoCorrector(vocabulary, postings, beforeQuery);
		this.cjkCharacters = new CjkCharacterExpander(vocabulary);
	}

	/**
	 * Indexes the vocabulary in small steps. While these steps run, queries correct typos from the
	 * part they have done: a vocabulary restored whole would otherwise be taken in by the first
	 * query with a typo, in one long task. (A lone CJK character is looked up in full whatever
	 * runs: without it such a query finds nothing. Its pass comes first, and is the quickest.)
	 */
	*prepare(): Generator<void, void> {
		this.preparations++;
		try {
			while (!this.cjkCharacters.catchUp(TERMS_PER_STEP)) yield;
			while (!this.words.catchUp(TERMS_PER_STEP)) yield;
			while (!this.cjk.catchUp(TERMS_PER_STEP)) yield;
		} finally {
			this.preparations--;
		}
	}

	/**
	 * Takes in the words a note just added, so that a query with a typo during a build never takes
	 * in thousands at once; nothing while `prepare` already runs, which takes them in too, so that
	 * the build goes on meanwhile.
	 */
	*keepUp(): Generator<void, void> {
		if (this.preparations === 0) yield* this.prepare();
	}
}
