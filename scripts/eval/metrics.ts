/**
 * Ranking metrics at the note level: `ranking` is one entry per note, best first; `relevant` the
 * notes judged relevant to the query. Standard definitions, as in TREC tools.
 */

/** The share of the relevant notes found in the first `k` (recall@k); 0 with no relevant notes. */
export function recallAt(ranking: readonly string[], relevant: readonly string[], k: number): number {
	if (relevant.length === 0) return 0;
	const top = new Set(ranking.slice(0, k));
	return relevant.filter((path) => top.has(path)).length / relevant.length;
}

/** 1 when any relevant note is in the first `k` (hit@k, success@k), else 0. */
export function hitAt(ranking: readonly string[], relevant: readonly string[], k: number): number {
	return ranking.slice(0, k).some((path) => relevant.includes(path)) ? 1 : 0;
}

/** 1 / the rank of the first relevant note within the first `cutoff`, 0 when none is: averaged, MRR@cutoff. */
export function reciprocalRank(ranking: readonly string[], relevant: readonly string[], cutoff: number): number {
	const rank = ranking.slice(0, cutoff).findIndex((path) => relevant.includes(path));
	return rank === -1 ? 0 : 1 / (rank + 1);
}
