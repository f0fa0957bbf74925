import { aliasesOf, type NoteInput } from "../../src/core/retrieval";
import { fuseRankings, type FusionParams, type KeywordCandidate, type VectorCandidate } from "../../src/core/retrieval/ranking/hybridFusion";
import { keywordCoverage, modelReads, vectorTrust, type ModelCoverage, type TrustParams } from "../../src/core/retrieval/ranking/vectorTrust";
import { queryNamesNote } from "../../src/core/retrieval/query/queryNames";
import { baseName } from "../../src/core/vault/paths";
import { OurEngine } from "../lib/retrievalBench/engines/ourEngine";
import type { CachedEmbeddings } from "./embeddingCache";
import type { EvalSet } from "./evalSets";
import { chunksToEmbed, ExactVectorSearch } from "./exactVectorSearch";
import { MRR_CUTOFF, outcomeOf, type QueryOutcome } from "./helpEvaluation";

/** How many notes each list hands the fusion: deep enough that an answer at rank 30 of one list can rise. */
const CANDIDATES = 50;

/** One way of ranking, with what it needs: the fusions name their parameters. */
export interface Ranker {
	readonly name: string;
	/** Vectors are needed (every ranker but lexical). */
	readonly usesVectors: boolean;
	rank(lists: QueryLists): string[];
}

/** What a query found by each means, and what the fusion is told of the model and the query. */
export interface QueryLists {
	readonly query: string;
	readonly keyword: readonly KeywordCandidate[];
	/** Over every chunk, read or not by the model. */
	readonly vector: readonly VectorCandidate[];
	/** Over the chunks the model reads only. */
	readonly vectorRead: readonly VectorCandidate[];
	readonly coverage: ModelCoverage;
	/** The share of the vault's chunks the model reads. */
	readonly readableShare: number;
	/** The share of the query's words the best keyword match holds. */
	readonly keywordCoverage: number;
}

export const lexicalRanker: Ranker = { name: "lexical", usesVectors: false, rank: (lists) => lists.keyword.map((hit) => hit.path) };
export const vectorRanker: Ranker = { name: "vector", usesVectors: true, rank: (lists) => lists.vector.map((hit) => hit.path) };

/** The fusion as the product runs it: named notes first, the model's coverage and the list's confidence weighing its vectors. */
export function guardedFusion(name: string, fusion: FusionParams, trust: TrustParams): Ranker {
	return {
		name,
		usesVectors: true,
		rank: (lists) => {
			const weight = vectorTrust(
				{
					query: lists.query,
					coverage: lists.coverage,
					readableShare: lists.readableShare,
					keywordCoverage: lists.keywordCoverage,
				},
				trust,
			);
			return fuseRankings(lists.keyword, lists.vectorRead, weight, MRR_CUTOFF, fusion).map((hit) => hit.path);
		},
	};
}

/** A fusion without any guard: every chunk's vector trusted, no note kept first. What "fused naively" means. */
export function naiveFusion(name: string, fusion: FusionParams): Ranker {
	return {
		name,
		usesVectors: true,
		rank: (lists) => fuseRankings(lists.keyword.map((hit) => ({ ...hit, named: false })), lists.vector, 1, MRR_CUTOFF, fusion).map((hit) => hit.path),
	};
}

/**
 * Every question of `set` ranked by each ranker: the keyword engine as it is, exact cosine search
 * over the chunks' vectors, and the fusions of the two. Vectors come from `embeddings` (cached).
 */
export async function evaluateHybrid(
	set: EvalSet,
	rankers: readonly Ranker[],
	embeddings: CachedEmbeddings | null,
	coverage: ModelCoverage,
	progress: (message: string) => void,
): Promise<Map<string, QueryOutcome[]>> {
	const usable = rankers.filter((ranker) => embeddings !== null || !ranker.usesVectors);
	const outcomes = new Map<string, QueryOutcome[]>(usable.map((ranker) => [ranker.name, []]));
	for (const [lang, notes] of set.vaults) {
		const qrels = set.qrels.filter((qrel) => qrel.lang === lang);
		if (qrels.length === 0) continue;
		const engine = new OurEngine({ now: set.now });
		engine.build(notes);
		const named = namesByPath(notes);
		let vectors: ExactVectorSearch | null = null;
		let queryVectors: Float32Array[] = [];
		let readable: boolean[] = [];
		if (embeddings !== null) {
			const chunks = chunksToEmbed(notes);
			const chunkVectors = await embeddings.embed(
				chunks.map((chunk) => chunk.text),
				"document",
				(done, total) => progress(`${set.name} ${lang}: embedded ${done}/${total} chunks`),
			);
			vectors = new ExactVectorSearch(chunks, chunkVectors);
			readable = chunks.map((chunk) => modelReads(coverage, chunk.text));
			queryVectors = await embeddings.embed(qrels.map((qrel) => qrel.query), "query");
		}
		qrels.forEach((qrel, index) => {
			const hits = engine.hits(qrel.query, CANDIDATES);
			const keyword = hits.map((hit) => ({
				path: hit.path,
				score: hit.score,
				named: hit.linked || queryNamesNote(qrel.query, named.get(hit.path) ?? []),
			}));
			const lists: QueryLists = {
				query: qrel.query,
				keyword,
				vector: vectors?.search(queryVectors[index], CANDIDATES) ?? [],
				vectorRead: vectors?.search(queryVectors[index], CANDIDATES, (chunk) => readable[chunk]) ?? [],
				coverage,
				readableShare: readable.length === 0 ? 1 : readable.filter(Boolean).length / readable.length,
				keywordCoverage: hits.length === 0 ? 0 : keywordCoverage(qrel.query, hits[0].matchedTerms),
			};
			for (const ranker of usable) outcomes.get(ranker.name)?.push(outcomeOf(qrel, ranker.rank(lists).slice(0, MRR_CUTOFF)));
		});
	}
	return outcomes;
}

/** Each note's title and aliases: what a query may name it by. */
function namesByPath(notes: readonly NoteInput[]): Map<string, string[]> {
	return new Map(notes.map((note) => [note.path, [baseName(note.path), ...aliasesOf(note.metadata)]]));
}
