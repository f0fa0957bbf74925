import { aliasesOf, type NoteInput, type SearchHit } from "../../src/core/retrieval";
import { fuseRankings, type FusionParams, type KeywordCandidate, type VectorCandidate } from "../../src/core/retrieval/ranking/hybridFusion";
import { hybridRanking } from "../../src/core/retrieval/ranking/hybridRanking";
import { modelReads, type ModelCoverage, type TrustParams } from "../../src/core/retrieval/ranking/vectorTrust";
import { baseName } from "../../src/core/vault/paths";
import type { MeaningSearch } from "../../src/core/retrieval/meaning/hybridSearch";
import { chunkKeyOf, type ChunkKey } from "../../src/core/retrieval/vectors/embeddingKey";
import { VectorIndex } from "../../src/core/retrieval/vectors/vectorIndex";
import { OurEngine } from "../lib/retrievalBench/engines/ourEngine";
import type { CachedEmbeddings } from "./embeddingCache";
import type { EvalSet } from "./evalSets";
import { chunksToEmbed, ExactVectorSearch, type EmbeddedChunk } from "./exactVectorSearch";
import { MRR_CUTOFF, outcomeOf, type QueryOutcome } from "./helpEvaluation";

/**
 * The product's own search by meaning, end to end but for the server: the vectors in the compact
 * index (`VectorIndex`, sign codes and int8), each note's chunks put as the product puts them,
 * and `hybridSearch` over the keyword index, as `memory_search` runs it.
 */
export const PRODUCT_RANKER = "product";

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
	/** The keyword engine's hits, as the search service has them. */
	readonly hits: readonly SearchHit[];
	readonly namesOf: (path: string) => readonly string[];
	/** Over every chunk, read or not by the model. */
	readonly vector: readonly VectorCandidate[];
	/** Over the chunks the model reads only. */
	readonly vectorRead: readonly VectorCandidate[];
	readonly coverage: ModelCoverage;
	/** The share of the vault's chunks the model reads. */
	readonly readableShare: number;
}

export const lexicalRanker: Ranker = { name: "lexical", usesVectors: false, rank: (lists) => lists.keyword.map((hit) => hit.path) };
export const vectorRanker: Ranker = { name: "vector", usesVectors: true, rank: (lists) => lists.vector.map((hit) => hit.path) };

/** The fusion as the product runs it: named notes first, the model's coverage and the list's confidence weighing its vectors. */
export function guardedFusion(name: string, fusion: FusionParams, trust: TrustParams): Ranker {
	return {
		name,
		usesVectors: true,
		rank: (lists) => {
			const request = {
				query: lists.query,
				keywordHits: lists.hits,
				namesOf: lists.namesOf,
				vectorHits: lists.vectorRead,
				coverage: lists.coverage,
				readableShare: lists.readableShare,
				limit: MRR_CUTOFF,
			};
			return hybridRanking(request, fusion, trust).map((hit) => hit.path);
		},
	};
}

/** A fusion without any guard: every chunk's vector trusted, no note kept first. What "fused naively" means. */
export function naiveFusion(name: string, fusion: FusionParams): Ranker {
	return {
		name,
		usesVectors: true,
		rank: (lists) => fuseRankings(lists.keyword, lists.vector, 1, MRR_CUTOFF, fusion).map((hit) => hit.path),
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
	if (embeddings !== null) outcomes.set(PRODUCT_RANKER, []);
	for (const [lang, notes] of set.vaults) {
		const qrels = set.qrels.filter((qrel) => qrel.lang === lang);
		if (qrels.length === 0) continue;
		const engine = new OurEngine({ now: set.now });
		engine.build(notes);
		const named = namesByPath(notes);
		let vectors: ExactVectorSearch | null = null;
		let queryVectors: Float32Array[] = [];
		let readable: boolean[] = [];
		let chunks: EmbeddedChunk[] = [];
		let chunkVectors: Float32Array[] = [];
		if (embeddings !== null) {
			chunks = chunksToEmbed(notes);
			chunkVectors = await embeddings.embed(
				chunks.map((chunk) => chunk.text),
				"document",
				(done, total) => progress(`${set.name} ${lang}: embedded ${done}/${total} chunks`),
			);
			vectors = new ExactVectorSearch(chunks, chunkVectors);
			readable = chunks.map((chunk) => modelReads(coverage, chunk.text));
			queryVectors = await embeddings.embed(qrels.map((qrel) => qrel.query), "query");
		}
		const product = vectors === null ? null : productMeaning(chunks, chunkVectors, coverage, qrels, queryVectors);
		for (const [index, qrel] of qrels.entries()) {
			if (product !== null && outcomes.has(PRODUCT_RANKER)) {
				const found = await engine.hybridHits(product, qrel.query, MRR_CUTOFF);
				outcomes.get(PRODUCT_RANKER)?.push(outcomeOf(qrel, found.map((hit) => hit.path)));
			}
			const hits = engine.hits(qrel.query, CANDIDATES);
			const keyword = hits.map((hit) => ({ path: hit.path, score: hit.score, named: false }));
			const lists: QueryLists = {
				query: qrel.query,
				keyword,
				hits,
				namesOf: (path) => named.get(path) ?? [],
				vector: vectors?.search(queryVectors[index], CANDIDATES) ?? [],
				vectorRead: vectors?.search(queryVectors[index], CANDIDATES, (chunk) => readable[chunk]) ?? [],
				coverage,
				readableShare: readable.length === 0 ? 1 : readable.filter(Boolean).length / readable.length,
			};
			for (const ranker of usable) outcomes.get(ranker.name)?.push(outcomeOf(qrel, ranker.rank(lists).slice(0, MRR_CUTOFF)));
		}
	}
	return outcomes;
}

/** Each note's title and aliases: what a query may name it by. */
function namesByPath(notes: readonly NoteInput[]): Map<string, string[]> {
	return new Map(notes.map((note) => [note.path, [baseName(note.path), ...aliasesOf(note.metadata)]]));
}

/**
 * Search by meaning as the product holds it, over the eval's cached vectors: each note put into a
 * `VectorIndex` with the keys of the chunks the model reads, and each question's vector looked up
 * by its text, as the server would have answered it.
 */
function productMeaning(
	chunks: readonly EmbeddedChunk[],
	chunkVectors: readonly Float32Array[],
	coverage: ModelCoverage,
	qrels: readonly { readonly query: string }[],
	queryVectors: readonly Float32Array[],
): MeaningSearch {
	const index = new VectorIndex("eval", chunkVectors[0]?.length ?? 1);
	const byNote = new Map<string, { keys: (ChunkKey | null)[]; fresh: Map<ChunkKey, Float32Array> }>();
	let read = 0;
	chunks.forEach((chunk, at) => {
		const note = byNote.get(chunk.path) ?? { keys: [] as (ChunkKey | null)[], fresh: new Map<ChunkKey, Float32Array>() };
		byNote.set(chunk.path, note);
		while (note.keys.length < chunk.chunk) note.keys.push(null);
		const key = modelReads(coverage, chunk.text) ? chunkKeyOf(chunk.text) : null;
		note.keys.push(key);
		if (key !== null) {
			note.fresh.set(key, chunkVectors[at]);
			read++;
		}
	});
	for (const [path, note] of byNote) index.putNote(path, note.keys, note.fresh);
	const asked = new Map(qrels.map((qrel, at) => [qrel.query, queryVectors[at]]));
	return {
		coverage,
		readableShare: chunks.length === 0 ? 1 : read / chunks.length,
		nearest: (query, options) => index.search(asked.get(query) ?? [], options),
	};
}
