import type { Bm25Scorer, QueryTerm } from "./bm25Scorer";
import { wordBit } from "../query/queryCoverage";
import type { CollectionStats } from "../indexing/collectionStats";
import { FIELD_COUNT, type Field } from "../indexing/fields";
import type { InvertedIndex } from "../indexing/invertedIndex";
import { DEFAULT_LIMIT, type Headroom, type Ranker, type RankRequest } from "./ranker";

/** Checking whether the remaining lists matter costs a pass over the matches: worth it only when they are long. */
const CHECK_WHEN_POSTINGS_LEFT_EXCEED_MATCHES = 4;
/** After a check that failed, the next once the lists left could reach less than this times what it found. */
const RECHECK_WHEN_WITHIN = 2;

/** One term's postings in one field, with the most they can add to a note. */
interface PostingList {
	readonly term: QueryTerm;
	readonly field: Field;
	readonly bound: number;
	/** Postings to read, dead ones included: the list's cost. */
	readonly length: number;
	/** Live chunks or notes that have the term in the field: the list's length, as the statistics keep it. */
	readonly frequency: number;
}

/**
 * Scores a query list by list (a term's postings in one field), skipping work no result depends
 * on: the idea of MaxScore. Lists go from the shortest (rare terms) to the longest (common words
 * in bodies). While long lists are left, a check: if all the lists left could not lift a note with
 * nothing else to the score `limit` matches already reach, even with every bonus, no new note can
 * make the results, and of the notes already matched only those that the lists left could still
 * lift that far need them. The results are exactly those of scoring every list everywhere, only
 * sooner: "daily notes" reads the body postings of "note" only for the few notes with "daily"
 * that could still make the top.
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
	const bonus = bonusBound(request);
	let toBeat = 0;
	let lastReachable = Number.POSITIVE_INFINITY;
	let restLength = lists.reduce((sum, list) => sum + list.length, 0);
	let contenders: Int32Array | null = null;
	for (let next = 0; next < lists.length; next++) {
		const list = lists[next];
		const long = restLength > CHECK_WHEN_POSTINGS_LEFT_EXCEED_MATCHES * scorer.notes.length;
		restLength -= list.length;
		if (contenders !== null) {
			// Each list read lowers what the rest can add and may raise the score to beat, so before
			// a list much longer than they are many, the contenders are narrowed to those still in reach.
			if (list.length > CHECK_WHEN_POSTINGS_LEFT_EXCEED_MATCHES * contenders.length) {
				toBeat = ranker.scoreToBeat(scorer, request, seatsToBeat(request), contenders);
				const headroom = headroomOf(lists.slice(next), bonus);
				contenders = scorer.restrictTo(ranker.contenders(scorer, request, headroom, toBeat, contenders));
			}
		} else if (next > 0 && long) {
			const headroom = headroomOf(lists.slice(next), bonus);
			const reachable = headroom.relevance * request.coverage.factor(headroom.words) * bonus;
			// A look at what the matches reach costs a pass over them: take one when the lists left
			// have lost half their weight since the last, or come close to what it found.
			if (reachable < lastReachable / 2 || reachable < RECHECK_WHEN_WITHIN * toBeat) {
				toBeat = ranker.scoreToBeat(scorer, request, seatsToBeat(request));
				lastReachable = reachable;
			}
			if (reachable < toBeat) {
				contenders = scorer.restrictTo(ranker.contenders(scorer, request, headroom, toBeat));
			}
		}
		scorer.addList(list.term, list.field, contenders !== null);
	}
}

/**
 * The non-empty lists of the terms, shortest first, so that the long lists of common words come
 * last, where the check can skip them; the order (and so every floating-point sum) depends only
 * on the statistics, never on how the index was built: equal lengths go weightiest first, then
 * in query and field order.
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
			const frequency = stats.documentFrequency(term.termId, field);
			if (frequency === 0) continue;
			const length = postings.listEnd(term.termId, field) - postings.listStart(term.termId, field) + delta;
			lists.push({ term, field, bound: scorer.listBound(term, field), length, frequency });
		}
	}
	return lists.sort(
		(a, b) => a.frequency - b.frequency || b.bound - a.bound || a.term.word - b.term.word || a.field - b.field,
	);
}

/** The most `rest` could add to one note: every list at its bound, every word it stands for, every bonus. */
function headroomOf(rest: readonly PostingList[], bonus: number): Headroom {
	let relevance = 0;
	let words = 0;
	for (const list of rest) {
		relevance += list.bound;
		words |= wordBit(list.term.word);
	}
	return { relevance, words, bonus };
}

/** The most the hot set and the link bonus can multiply a score by. */
function bonusBound(request: RankRequest): number {
	const { params, options } = request;
	return (
		(options.hotSet !== undefined ? 1 + params.hotBonusCap : 1) * (hasLinkBonus(request) ? 1 + params.linkBonusCap : 1)
	);
}

/** How many matches must reach a score for no other note to make the results (or seed the link bonus). */
function seatsToBeat(request: RankRequest): number {
	return Math.max(request.options.limit ?? DEFAULT_LIMIT, hasLinkBonus(request) ? request.params.linkSeeds : 0);
}

function hasLinkBonus(request: RankRequest): boolean {
	return request.options.links !== undefined && request.params.linkBonus > 0;
}
