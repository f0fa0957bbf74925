import { wordBit, type Bm25Scorer, type QueryTerm } from "./bm25Scorer";
import type { CollectionStats } from "./collectionStats";
import { FIELD_COUNT, type Field } from "./fields";
import type { InvertedIndex } from "./invertedIndex";
import { DEFAULT_LIMIT, type Ranker, type RankRequest } from "./ranker";

/** Checking whether the remaining lists matter costs a pass over the matches: worth it only when they are long. */
const CHECK_WHEN_POSTINGS_LEFT_EXCEED_MATCHES = 4;
/** After a check that failed, the next once the lists left could reach less than this times what it found. */
const RECHECK_WHEN_WITHIN = 2;

/** One term's postings in one field, with the most they can add to a note. */
interface PostingList {
	readonly term: QueryTerm;
	readonly field: Field;
	readonly bound: number;
	readonly length: number;
}

/**
 * Scores a query list by list (a term's postings in one field), skipping work no result depends
 * on: the idea of MaxScore. Lists go from the weightiest (rare terms, titles) to the lightest
 * (common words in bodies and paths: the long ones). While long lists are left, a check: if all
 * the lists left could not lift a note with nothing else to the score `limit` matches already reach,
 * even with every bonus, those lists only add to the notes already matched. The results are
 * exactly those of scoring every list everywhere, only sooner: "daily notes" reads the body
 * postings of "note" only for the notes that have "daily".
 */
export function scoreQuery(
	scorer: Bm25Scorer,
	ranker: Ranker,
	postings: InvertedIndex,
	stats: CollectionStats,
	terms: readonly QueryTerm[],
	request: RankRequest,
): void {
	scorer.begin();
	const lists = postingListsOf(terms, scorer, postings, stats);
	let toBeat = 0;
	let lastReachable = Number.POSITIVE_INFINITY;
	let restLength = lists.reduce((sum, list) => sum + list.length, 0);
	for (let next = 0; next < lists.length; next++) {
		const long = restLength > CHECK_WHEN_POSTINGS_LEFT_EXCEED_MATCHES * scorer.notes.length;
		restLength -= lists[next].length;
		if (next > 0 && long) {
			const rest = lists.slice(next);
			const reachable = reachableScore(rest, request);
			// A look at what the matches reach costs a pass over them: take one when the lists left
			// have lost half their weight since the last, or come close to what it found.
			if (reachable < lastReachable / 2 || reachable < RECHECK_WHEN_WITHIN * toBeat) {
				toBeat = ranker.scoreToBeat(scorer, request, seatsToBeat(request));
				lastReachable = reachable;
			}
			if (reachable < toBeat) {
				for (const list of rest) scorer.addList(list.term, list.field, true);
				break;
			}
		}
		scorer.addList(lists[next].term, lists[next].field, false);
	}
}

/**
 * The non-empty lists of the terms, weightiest first; equal bounds in query and field order, so
 * that the order (and so every floating-point sum) is the same however the index was built.
 */
function postingListsOf(
	terms: readonly QueryTerm[],
	scorer: Bm25Scorer,
	postings: InvertedIndex,
	stats: CollectionStats,
): PostingList[] {
	const lists: PostingList[] = [];
	for (const term of terms) {
		const delta = postings.delta.get(term.termId)?.length ?? 0;
		for (let field = 0 as Field; field < FIELD_COUNT; field++) {
			if (stats.documentFrequency(term.termId, field) === 0) continue;
			const length = postings.listEnd(term.termId, field) - postings.listStart(term.termId, field) + delta;
			lists.push({ term, field, bound: scorer.listBound(term, field), length });
		}
	}
	return lists.sort((a, b) => b.bound - a.bound || a.term.word - b.term.word || a.field - b.field);
}

/**
 * The most a note found only in `rest` could score: every list at its bound, its coverage of the
 * query, every bonus.
 */
function reachableScore(rest: readonly PostingList[], request: RankRequest): number {
	const { params, options } = request;
	const restWords = rest.reduce((words, list) => words | wordBit(list.term.word), 0);
	return (
		rest.reduce((sum, list) => sum + list.bound, 0) *
		request.coverage.factor(restWords) *
		(options.hotSet !== undefined ? 1 + params.hotBonusCap : 1) *
		(hasLinkBonus(request) ? 1 + params.linkBonus : 1)
	);
}

/** How many matches must reach a score for no other note to make the results (or seed the link bonus). */
function seatsToBeat(request: RankRequest): number {
	return Math.max(request.options.limit ?? DEFAULT_LIMIT, hasLinkBonus(request) ? request.params.linkSeeds : 0);
}

function hasLinkBonus(request: RankRequest): boolean {
	return request.options.links !== undefined && request.params.linkBonus > 0;
}
