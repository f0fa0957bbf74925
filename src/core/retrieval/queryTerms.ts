import { wordBit, type QueryTerm } from "./bm25Scorer";
import { isHanBigram, type CjkTypoCorrector } from "./cjkTypoCorrector";
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

/** Typo correction for words of space-separated scripts and for characters of CJK runs. */
export interface QueryCorrectors {
	readonly words: TypoCorrector;
	readonly cjk: CjkTypoCorrector;
}

export function resolveQueryTerms(
	text: string,
	vocabulary: Vocabulary,
	stats: CollectionStats,
	correctors: QueryCorrectors,
	params: RankingParams,
): ResolvedQuery {
	const tokens = tokenize(text);
	const words = [...new Set(tokens)];
	const occurrences = (termId: number) => stats.occurrences(termId);
	// A word is known when some note has it (ids outlive the notes that had them).
	const knownId = (word: string) => {
		const id = vocabulary.idOf(word);
		return id !== undefined && occurrences(id) > 0 ? id : undefined;
	};
	const cjkCorrections = correctHanRuns(tokens, (word) => knownId(word) !== undefined, correctors.cjk);
	const terms: QueryTerm[] = [];
	// What a word is worth to coverage: how rare it is in bodies (a word no note has counts as the
	// rarest), times its weight as a term.
	const wordWeights = words.map((word, index) => {
		const weight = isGrammarBigram(word) ? params.grammarBigramWeight : 1;
		const known = knownId(word);
		if (known !== undefined) {
			terms.push({ termId: known, weight, word: index });
			return weight * stats.inverseDocumentFrequency(known, BODY);
		}
		const corrected = correctors.words.correct(word, occurrences) ?? cjkCorrections.get(word) ?? null;
		if (corrected === null) return weight * stats.unseenInverseDocumentFrequency(BODY);
		terms.push({ termId: corrected, weight: weight * params.typoWeight, word: index });
		return weight * params.typoWeight * stats.inverseDocumentFrequency(corrected, BODY);
	});
	return { wordCount: words.length, terms, coverage: new QueryCoverage(wordWeights, params.coverageWeight) };
}

/**
 * Corrections for the characters of Han runs whose bigrams on both sides are unknown, as a
 * correction for each of those bigrams. A run's bigrams follow one another in `tokens`, each
 * starting with the character the one before ends with.
 */
function correctHanRuns(tokens: readonly string[], known: (word: string) => boolean, corrector: CjkTypoCorrector): Map<string, number> {
	const corrections = new Map<string, number>();
	for (let index = 0; index + 1 < tokens.length; index++) {
		const [left, right] = [tokens[index], tokens[index + 1]];
		if (!isHanBigram(left) || !isHanBigram(right) || left[1] !== right[0] || known(left) || known(right)) continue;
		const correction = corrector.correct(left.charCodeAt(0), right.charCodeAt(1));
		if (correction === null) continue;
		if (!corrections.has(left)) corrections.set(left, correction.left);
		if (!corrections.has(right)) corrections.set(right, correction.right);
	}
	return corrections;
}

/** The terms behind the words whose bits are set in `words` (see `Bm25Scorer.matchedWords`). */
export function termsOfWords(query: ResolvedQuery, words: number, vocabulary: Vocabulary): string[] {
	return query.terms
		.filter((term) => (words & wordBit(term.word)) !== 0)
		.map((term) => vocabulary.termOf(term.termId));
}
