import { EmbeddingError } from "../../model/embeddingClient";
import { hybridRanking } from "../ranking/hybridRanking";
import type { ModelCoverage } from "../ranking/vectorTrust";
import type { RetrievalIndex } from "../retrievalIndex";
import type { SearchHit, SearchOptions } from "../searchTypes";
import type { VectorHit } from "../vectors/vectorIndex";

/** What a hybrid search asks of the keyword index. */
export type KeywordIndex = Pick<RetrievalIndex, "search" | "locate" | "namesOf" | "admitting">;

/** What a hybrid search asks of search by meaning (`MeaningIndex`). */
export interface MeaningSearch {
	/** What the model reads: its vectors count for nothing on a query in a script it does not. */
	readonly coverage: ModelCoverage;
	/** The share of the notes' chunks the model reads. */
	readonly readableShare: number;
	nearest(
		query: string,
		options: { readonly limit: number; readonly accept?: (path: string) => boolean },
	): Promise<readonly VectorHit[]>;
}

/**
 * How deep each list is read before the two are fused: the fusion was measured on lists of 50
 * (`npm run eval`), and a note 50th by keyword can still come first by meaning.
 */
export const FUSED_DEPTH = 50;

/**
 * Keyword search and search by meaning of one query, fused (`hybridRanking`): the notes the query
 * names or links to first, the vectors counting only as much as they are trusted. Filters and the
 * caller's rule hold for both lists. When the query cannot be embedded (the server is away,
 * slow or failing), the answer is keyword search's alone, as it was without meaning.
 */
export async function hybridSearch(
	keyword: KeywordIndex,
	meaning: MeaningSearch,
	query: string,
	options: SearchOptions,
): Promise<SearchHit[]> {
	const limit = options.limit ?? 5;
	const keywordHits = keyword.search(query, { ...options, limit: Math.max(limit, FUSED_DEPTH) });
	let nearest: readonly VectorHit[];
	try {
		// The filters and the rule before the limit: a note found by meaning in the folder asked for is not crowded out.
		nearest = await meaning.nearest(query, { limit: FUSED_DEPTH, accept: keyword.admitting(query, options) });
	} catch (error) {
		if (!(error instanceof EmbeddingError) || error.kind === "aborted") throw error;
		return keywordHits.slice(0, limit);
	}
	const located = keyword.locate(nearest, query, options);
	const fused = hybridRanking({
		query,
		keywordHits,
		namesOf: (path) => keyword.namesOf(path),
		vectorHits: located.map((hit) => ({ path: hit.path, similarity: hit.score })),
		coverage: meaning.coverage,
		readableShare: meaning.readableShare,
		limit,
	});
	// A note both lists found reads as keyword search found it: its best passage holds the query's words.
	const hits = new Map([...located, ...keywordHits].map((hit) => [hit.path, hit]));
	return fused.flatMap((found) => {
		const hit = hits.get(found.path);
		return hit === undefined ? [] : [{ ...hit, score: found.score }];
	});
}
