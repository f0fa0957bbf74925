import { wordBit, type QueryTerm } from "./bm25Scorer";
import type { CollectionStats } from "./collectionStats";
import { BODY } from "./fields";
import { isGrammarBigram } from "./grammarBigrams";
import { QueryCoverage } from "./queryCoverage";
import type { RankingParams } from "./rankingParams";
import { tokenize } from "./tokenizer";
import type { TypoCorrector } from "./typoCorrector";
import type { Vocabulary } from "./vocabulary";

/** The query's words, looked up: each known word is a term, an unknown one its typo correction if any. */
export interface ResolvedQuery {
	/** The distinct words of the query text. */
	readonly wordCount: number;
	readonly terms: readonly QueryTerm[];
	readonly coverage: QueryCoverage;
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
	// What a word is worth to coverage: how rare it is in bodies (a word no note has counts as the
	// rarest), times its weight as a term.
	const wordWeights = words.map((word, index) => {
		const weight = isGrammarBigram(word) ? params.grammarBigramWeight : 1;
		const known = vocabulary.idOf(word);
		if (known !== undefined && occurrences(known) > 0) {
			terms.push({ termId: known, weight, word: index });
			return weight * stats.inverseDocumentFrequency(known, BODY);
		}
		const corrected = corrector.correct(word, occurrences);
		if (corrected === null) return weight * stats.unseenInverseDocumentFrequency(BODY);
		terms.push({ termId: corrected, weight: weight * params.typoWeight, word: index });
		return weight * params.typoWeight * stats.inverseDocumentFrequency(corrected, BODY);
	});
	return { wordCount: words.length, terms, coverage: new QueryCoverage(wordWeights, params.coverageWeight) };
}

/** The terms behind the words whose bits are set in `words` (see `Bm25Scorer.matchedWords`). */
export function termsOfWords(query: ResolvedQuery, words: number, vocabulary: Vocabulary): string[] {
	return query.terms
		.filter((term) => (words & wordBit(term.word)) !== 0)
		.map((term) => vocabulary.termOf(term.termId));
}
