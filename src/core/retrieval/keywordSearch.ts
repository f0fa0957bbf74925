import { Bm25Scorer } from "./ranking/bm25Scorer";
import type { CollectionStats } from "./indexing/collectionStats";
import { TAGS } from "./indexing/fields";
import type { InvertedIndex } from "./indexing/invertedIndex";
import {
	CHUNK_END_LINE,
	CHUNK_START_LINE,
	CHUNK_STRIDE,
	chunkCountOf,
	chunkTrail,
	type NoteRecord,
} from "./indexing/noteRecord";
import type { Vocabulary } from "./indexing/vocabulary";
import type { QueryCorrectors } from "./query/queryCorrectors";
import { parseQuery } from "./query/queryParser";
import { resolveQueryTerms, termsOfWords } from "./query/queryTerms";
import { compileFilters, type NotePredicate, type SearchFilters } from "./query/searchFilters";
import { TitleLookup } from "./query/titleLookup";
import { scoreQuery } from "./ranking/queryScoring";
import { Ranker, type Matches, type RankRequest } from "./ranking/ranker";
import type { RankingParams } from "./ranking/rankingParams";
import type { SearchHit, SearchOptions } from "./searchTypes";
import { tokenize } from "./text/tokenizer";

/** The parts of a `RetrievalIndex` that its searches read; the index alone changes them. */
export interface SearchedParts {
	readonly params: RankingParams;
	readonly vocabulary: Vocabulary;
	readonly collection: CollectionStats;
	readonly postings: InvertedIndex;
	readonly correctors: QueryCorrectors;
	/** The notes the index holds, by path. */
	readonly records: ReadonlyMap<string, NoteRecord>;
}

/** A note found by meaning: the number of its best chunk, as `chunkNote` cuts the note, and its score. */
export interface FoundByMeaning {
	readonly path: string;
	readonly chunk: number;
	readonly score: number;
}

/** What holds a search's hits, whether found by keyword or by meaning: its filters and the caller's rule. */
export type HitRules = SearchFilters & Pick<SearchOptions, "admits">;

const NO_MATCHES: Matches = { notes: [], relevance: () => 0, matchedWords: () => 0, bestChunk: () => -1 };

/**
 * The answers of a `RetrievalIndex`: its keyword search, and the notes found by meaning read as
 * keyword search's hits, each held to the same filters. It reads the index's parts as they are
 * and changes none of them; the index tells it of each note added or removed (`noteAdded`,
 * `noteRemoved`), for the titles `[[link]]` queries name.
 */
export class KeywordSearch {
	private readonly scorer: Bm25Scorer;
	private readonly ranker = new Ranker();
	/** Built on the first query with a `[[link]]`: most sessions never need it. */
	private titles: TitleLookup | null = null;

	constructor(private readonly parts: SearchedParts) {
		this.scorer = new Bm25Scorer(parts.postings, parts.collection, parts.params);
	}

	noteAdded(record: NoteRecord): void {
		this.titles?.add(record);
	}

	noteRemoved(record: NoteRecord): void {
		this.titles?.remove(record);
	}

	/** The best notes for `query`, best first; the postings must be current (`RetrievalIndex.search` sees to it). */
	search(query: string, options: SearchOptions): SearchHit[] {
		const { params, vocabulary, collection, postings, correctors, records } = this.parts;
		const parsed = parseQuery(query);
		const resolved = resolveQueryTerms(parsed.text, vocabulary, collection, correctors, params);
		const filters = compileFilters(options, parsed.tags);
		const filter = withAdmits(filters, options.admits);
		const tables = postings.tables;
		const request: RankRequest = {
			tables,
			filter,
			coverage: resolved.coverage,
			termsOfWords: (words) => termsOfWords(resolved, words, vocabulary),
			linked: parsed.links.flatMap((link) => records.get(this.titleLookup().resolve(link) ?? "") ?? []),
			noteIdOf: (path) => {
				const record = records.get(path);
				return record === undefined ? undefined : tables.noteIdOf(record);
			},
			options,
			params,
		};
		let matches: Matches = NO_MATCHES;
		if (resolved.wordCount > 0) {
			scoreQuery(this.scorer, this.ranker, postings, collection, resolved.terms, request);
			matches = this.scorer;
		} else if (filters !== null) {
			// Only filters: every note that passes them is a match, the newest dated ones first.
			const tags = [...(options.tags ?? []), ...parsed.tags];
			matches = { ...NO_MATCHES, notes: this.notesToFilter(tags), relevance: () => 1 };
		}
		return this.ranker.rank(matches, request);
	}

	/**
	 * Notes found by meaning as keyword search's hits read: the chunk's lines and heading, the note's kind, no matched
	 * terms. A note the index no longer holds, or that the filters, the query's `#tags` or the
	 * caller's rule refuse, is left out, as keyword search leaves it out.
	 */
	locate(found: readonly FoundByMeaning[], query: string, options: HitRules): SearchHit[] {
		const admitted = this.admitting(query, options);
		return found.flatMap((hit) => {
			const record = this.parts.records.get(hit.path);
			if (record === undefined || !admitted(hit.path)) return [];
			// A note changed since its vectors were made may have fewer chunks now: its first stands in.
			const chunk = hit.chunk < chunkCountOf(record) ? hit.chunk : 0;
			const row = chunk * CHUNK_STRIDE;
			return [
				{
					path: record.path,
					score: hit.score,
					line: record.chunkTable[row + CHUNK_START_LINE],
					endLine: record.chunkTable[row + CHUNK_END_LINE],
					heading: chunkTrail(record, chunk),
					kind: record.kind,
					matchedTerms: [],
					linked: false,
				},
			];
		});
	}

	/**
	 * Whether a search for `query` under `options` may find the note at `path`: the index holds it,
	 * and the filters, the query's `#tags` and the caller's rule take it. For a search by meaning,
	 * which must apply them before its limit as keyword search does.
	 */
	admitting(query: string, options: HitRules): (path: string) => boolean {
		const filter = withAdmits(compileFilters(options, parseQuery(query).tags), options.admits);
		return (path) => {
			const record = this.parts.records.get(path);
			return record !== undefined && (filter === null || filter(record));
		};
	}

	/**
	 * The notes a filter-only search must check: with a tag, those that have the tag's first word
	 * in their tags field (one posting list, not the whole vault); otherwise every note.
	 */
	private notesToFilter(tags: readonly string[]): ArrayLike<number> {
		const { vocabulary, postings } = this.parts;
		const word = tags.length > 0 ? tokenize(tags[0])[0] : undefined;
		if (word === undefined) return postings.tables.notes.map((_, id) => id);
		const termId = vocabulary.idOf(word);
		return termId === undefined ? [] : postings.notesWith(termId, TAGS);
	}

	private titleLookup(): TitleLookup {
		if (this.titles === null) {
			this.titles = new TitleLookup();
			for (const record of this.parts.records.values()) this.titles.add(record);
		}
		return this.titles;
	}
}

/** The filters and the caller's rule as one predicate; the rule alone makes no search of everything. */
function withAdmits(
	filter: NotePredicate | null,
	admits: ((path: string) => boolean) | undefined,
): NotePredicate | null {
	if (admits === undefined) return filter;
	return filter === null ? (record) => admits(record.path) : (record) => filter(record) && admits(record.path);
}
