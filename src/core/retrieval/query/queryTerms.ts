import type { QueryTerm } from "../ranking/bm25Scorer";
import { wordBit } from "./queryCoverage";
import { CJK, classOfCodePoint } from "../../text/characterClasses";
import { isExpandable } from "./cjkCharacterExpander";
import { isHanBigram, type CjkTypoCorrector } from "./cjkTypoCorrector";
import type { CollectionStats } from "../indexing/collectionStats";
import { BODY } from "../indexing/fields";
import { isGrammarBigram } from "../text/grammarBigrams";
import { QueryCoverage } from "./queryCoverage";
import type { RankingParams } from "../ranking/rankingParams";
import { tokenize } from "../text/tokenizer";
import type { QueryCorrectors } from "./queryCorrectors";
import type { Vocabulary } from "../indexing/vocabulary";

/** The query's words, looked up: each known word is a term, an unknown one its typo correction if any. */
export interface ResolvedQuery {
	/** The distinct words of the query text. */
	readonly wordCount: number;
	readonly terms: readonly QueryTerm[];
	readonly coverage: QueryCoverage;
	/** The CJK character a word's bigrams stand for, by word: what a note matched is that character. */
	readonly characters: ReadonlyMap<number, string>;
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
	const cjkTails = unmatchedCjkEnds(tokens, (word) => knownId(word) !== undefined);
	const terms: QueryTerm[] = [];
	const characters = new Map<number, string>();
	// The bigrams that stand for a CJK character, under the query word they stand for; returns
	// what they are worth to coverage (their most widespread one's rarity), 0 if there are none.
	const addCharacterTerms = (character: string, word: number, weight: number) => {
		const bigrams = correctors.cjkCharacters.expand(character, occurrences);
		const characterWeight = weight * params.cjkCharacterWeight;
		for (const termId of bigrams) terms.push({ termId, weight: characterWeight, word });
		if (bigrams.length > 0) characters.set(word, character);
		return bigrams.length === 0 ? 0 : characterWeight * stats.inverseDocumentFrequency(bigrams[0], BODY);
	};
	// What a word is worth to coverage: how rare it is in bodies (a word no note has counts as the
	// rarest), times its weight as a term.
	const wordWeights = words.map((word, index) => {
		const weight = isGrammarBigram(word) ? params.grammarBigramWeight : 1;
		const known = knownId(word);
		if (known !== undefined) {
			terms.push({ termId: known, weight, word: index });
			// A character some note has alone is also in others' words (盐 in 盐水).
			if (isExpandable(word)) addCharacterTerms(word, index, weight);
			return weight * stats.inverseDocumentFrequency(known, BODY);
		}
		const corrected = correctors.words.correct(word, occurrences) ?? cjkCorrections.get(word) ?? null;
		if (corrected !== null) {
			terms.push({ termId: corrected, weight: weight * params.typoWeight, word: index });
			return weight * params.typoWeight * stats.inverseDocumentFrequency(corrected, BODY);
		}
		const character = isExpandable(word) ? word : cjkTails.get(word);
		const expanded = character === undefined ? 0 : addCharacterTerms(character, index, weight);
		return expanded > 0 ? expanded : weight * stats.unseenInverseDocumentFrequency(BODY);
	});
	return {
		wordCount: words.length,
		terms,
		coverage: new QueryCoverage(wordWeights, params.coverageWeight),
		characters,
	};
}

/**
 * Corrections for the characters of Han runs whose bigrams on both sides are unknown, as a
 * correction for each of those bigrams. A run's bigrams follow one another in `tokens`, each
 * starting with the character the one before ends with.
 */
function correctHanRuns(
	tokens: readonly string[],
	known: (word: string) => boolean,
	corrector: CjkTypoCorrector,
): Map<string, number> {
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

/**
 * The character at the loose end of a three-character CJK word, by the bigram no note has that
 * holds it: "葱花饼" is read as 葱花 花饼, and with 花饼 in no note, 饼 would be lost though notes
 * have it in other words. Only a run of three characters counts, with its other bigram known:
 * the rest of the word matched, so the end is likely a word of its own. The end of a longer run
 * is the end of a phrase or sentence as often as of a word, and is left as it is.
 */
function unmatchedCjkEnds(tokens: readonly string[], known: (word: string) => boolean): Map<string, string> {
	const ends = new Map<string, string>();
	// A run's bigrams follow one another in `tokens`, each starting with the character the one before ends with.
	const chained = (left: string | undefined, right: string | undefined) =>
		left !== undefined && right !== undefined && isCjkPair(left) && isCjkPair(right) && left[1] === right[0];
	tokens.forEach((token, index) => {
		if (!isCjkPair(token) || known(token)) return;
		const [twoBefore, before, after, twoAfter] = [
			tokens[index - 2],
			tokens[index - 1],
			tokens[index + 1],
			tokens[index + 2],
		];
		const [joinsBefore, joinsAfter] = [chained(before, token), chained(token, after)];
		const end =
			joinsBefore && !joinsAfter && !chained(twoBefore, before) && known(before)
				? token[1]
				: joinsAfter && !joinsBefore && !chained(after, twoAfter) && known(after)
					? token[0]
					: undefined;
		if (end !== undefined && isExpandable(end)) ends.set(token, end);
	});
	return ends;
}

/** Two CJK characters of the Basic Multilingual Plane: a bigram of a run. */
function isCjkPair(token: string): boolean {
	return (
		token.length === 2 && classOfCodePoint(token.charCodeAt(0)) === CJK && classOfCodePoint(token.charCodeAt(1)) === CJK
	);
}

/**
 * The terms behind the words whose bits are set in `words` (see `Bm25Scorer.matchedWords`): for a
 * CJK character, the character itself rather than the bigrams that stand for it, most of which
 * a given note does not have.
 */
export function termsOfWords(query: ResolvedQuery, words: number, vocabulary: Vocabulary): string[] {
	const terms = new Set<string>();
	for (const term of query.terms) {
		if ((words & wordBit(term.word)) !== 0)
			terms.add(query.characters.get(term.word) ?? vocabulary.termOf(term.termId));
	}
	return [...terms];
}
