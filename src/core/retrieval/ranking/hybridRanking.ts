import { queryNamesNote } from "../query/queryNames";
import type { SearchHit } from "../searchTypes";
import { DEFAULT_FUSION, fuseRankings, type FusedHit, type FusionParams, type VectorCandidate } from "./hybridFusion";
import { DEFAULT_TRUST, keywordCoverage, vectorTrust, type ModelCoverage, type TrustParams } from "./vectorTrust";

/** One query's two result lists, and what the hybrid ranking is told of the model. */
export interface HybridRequest {
	readonly query: string;
	/** Keyword search's notes, best first, deeper than the results shown (50 were measured). */
	readonly keywordHits: readonly SearchHit[];
	/** A note's title and aliases: what a query may name it by. */
	readonly namesOf: (path: string) => readonly string[];
	/** Vector search's notes, best first, over the chunks the model reads only (`modelReads`). */
	readonly vectorHits: readonly VectorCandidate[];
	readonly coverage: ModelCoverage;
	/** The share of the index's chunks the model reads. */
	readonly readableShare: number;
	readonly limit: number;
}

/**
 * The search service's one call for search by meaning: keyword hits and vector hits of a query
 * fused, the notes the query names or links to first, the vectors weighed by `vectorTrust`.
 */
export function hybridRanking(
	request: HybridRequest,
	fusion: FusionParams = DEFAULT_FUSION,
	trust: TrustParams = DEFAULT_TRUST,
): FusedHit[] {
	const { query, keywordHits } = request;
	const keyword = keywordHits.map((hit) => ({
		path: hit.path,
		score: hit.score,
		named: hit.linked || queryNamesNote(query, request.namesOf(hit.path)),
	}));
	const weight = vectorTrust(
		{
			query,
			coverage: request.coverage,
			readableShare: request.readableShare,
			keywordCoverage: keywordHits.length === 0 ? 0 : keywordCoverage(query, keywordHits[0].matchedTerms),
		},
		trust,
	);
	return fuseRankings(keyword, request.vectorHits, weight, request.limit, fusion);
}
