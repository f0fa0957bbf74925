import { wordBit, type QueryTerm } from "./bm25Scorer";
import type { CollectionStats } from "./collectionStats";
import type { RankingParams } from "./rankingParams";
import { tokenize } from "./tokenizer";
import type { TypoCorrector } from "./typoCorrector";
import type { Vocabulary } from "./vocabulary";

/** The query's words, looked up: each known word is a term, an unknown one its typo correction if any. */
export interface ResolvedQuery {
	/** The distinct words of the query text. */
	readonly wordCount: number;
	readonly terms: readonly QueryTerm[];
}

export function resolveQueryTerms(
	text: string,
	vocabulary: Vocabulary,
	stats: CollectionStats,
	corrector: TypoCorrector,
	params: RankingParams,
): ResolvedQuery {
	const words = [...new Set(tokenize(text))];
	const occurrences = (termId: number) => stats.occurrences(termId);
	const terms: QueryTerm[] = [];
	words.forEach((word, index) => {
		const known = vocabulary.idOf(word);
		if (known !== undefined && occurrences(known) > 0) {
			terms.push({ termId: known, weight: 1, word: index });
			return;
		}
		const corrected = corrector.correct(word, occurrences);
		if (corrected !== null) terms.push({ termId: corrected, weight: params.typoWeight, word: index });
	});
	return { wordCount: words.length, terms };
}

/** The terms behind the words whose bits are set in `words` (see `Bm25Scorer.matchedWords`). */
export function termsOfWords(query: ResolvedQuery, words: number, vocabulary: Vocabulary): string[] {
	return query.terms
		.filter((term) => (words & wordBit(term.word)) !== 0)
		.map((term) => vocabulary.termOf(term.termId));
}
