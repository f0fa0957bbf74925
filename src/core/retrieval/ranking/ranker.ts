import { localCalendarDay } from "../notes/calendarDay";
import type { DocumentTables } from "../indexing/documentTables";
import { hotFactors } from "./hotSet";
import { CHUNK_END_LINE, CHUNK_START_LINE, CHUNK_STRIDE, chunkTrail, type NoteRecord } from "../indexing/noteRecord";
import type { QueryCoverage } from "../query/queryCoverage";
import type { RankingParams } from "./rankingParams";
import type { NotePredicate } from "../query/searchFilters";
import type { SearchHit, SearchOptions } from "../searchTypes";
import { decayFactor } from "./temporalDecay";
import { selectTop, TopScores } from "./topSelection";
import { withLength } from "../indexing/typedArrays";

export const DEFAULT_LIMIT = 5;

/** Notes that matched a query, by number, with what scoring learned of each. */
export interface Matches {
	readonly notes: ArrayLike<number>;
	relevance(noteId: number): number;
	/** Bit `w` set when query word `w` matched in the note. */
	matchedWords(noteId: number): number;
	/** The note's best chunk by number, or -1. */
	bestChunk(noteId: number): number;
}

/** The most the lists a search has not read yet could add to any one note (see `Ranker.contenders`). */
export interface Headroom {
	/** Added to a note's relevance at most. */
	readonly relevance: number;
	/** The query words those lists stand for (bits as in `Matches.matchedWords`). */
	readonly words: number;
	/** The most the hot set and links can multiply a score by. */
	readonly bonus: number;
}

/**
 * A note's bound is computed in another order than its score is summed in, so the two may round
 * apart by a few units in the last place: the margin keeps a note whose score could tie in.
 */
const ROUNDING_MARGIN = 1 + 1e-9;

export interface RankRequest {
	readonly tables: DocumentTables;
	/** `null` when the search has no filters. */
	readonly filter: NotePredicate | null;
	/** How much of the query's words a note covers (a factor of 1 when it has only filters or links). */
	readonly coverage: QueryCoverage;
	readonly termsOfWords: (words: number) => string[];
	/** Notes the query linked to, already resolved; they lead the results when they pass the filters. */
	readonly linked: readonly NoteRecord[];
	readonly noteIdOf: (path: string) => number | undefined;
	readonly options: SearchOptions;
	readonly params: RankingParams;
}

/**
 * From matches to results: filters first (so the limit counts notes that pass), then relevance
 * times coverage, decay and the hot-set bonus, then a bonus for the neighbours of the strongest
 * matches in the link graph, and the best `limit` by score, ties by path. Every factor multiplies
 * a match's score: none of them can turn a non-match into a result.
 */
export class Ranker {
	private candidates = new Int32Array(0);
	private scores = new Float64Array(0);
	/** Candidate index + 1 by note number, 0 for notes that are not candidates. */
	private slots = new Int32Array(0);

	rank(matches: Matches, request: RankRequest): SearchHit[] {
		const { tables, options } = request;
		const count = this.scoreCandidates(matches, request);
		this.applyHotSet(request);
		const byPath = (a: number, b: number) => pathOf(tables, this.candidates[a]) < pathOf(tables, this.candidates[b]);
		this.addLinkBonus(count, request, byPath);
		const linkedIds = request.linked
			.filter((record) => request.filter === null || request.filter(record))
			.map((record) => tables.noteIdOf(record))
			.filter((id): id is number => id !== undefined);
		const limit = options.limit ?? DEFAULT_LIMIT;
		const leading = [...new Set(linkedIds)].slice(0, limit);
		const best = selectTop(this.scores, count, limit, byPath)
			.map((candidate) => this.candidates[candidate])
			.filter((note) => !leading.includes(note));
		const hits = [...leading, ...best].slice(0, limit).map((note) => this.hit(note, matches, request, leading));
		this.clearSlots(count);
		return hits;
	}

	/**
	 * A score that `k` of the matches so far (or of `among` them) are sure to reach in the end (0
	 * if there are fewer than `k`): filters applied, and none of what can only raise a score (more
	 * words, the hot set, links) counted.
	 */
	scoreToBeat(matches: Matches, request: RankRequest, k: number, among = matches.notes): number {
		if (k <= 0) return 0;
		const today = localCalendarDay(request.options.now);
		// The search asks this again and again, of every match: numbers only, no candidates listed.
		const best = new TopScores(k);
		for (let index = 0; index < among.length; index++) {
			const note = among[index];
			if (passesFilter(note, request)) best.add(scoreOf(note, matches, request, today));
		}
		return best.lowest ?? 0;
	}

	/**
	 * The matches (or those of `among`) that pass the filters and could still reach `toBeat` if
	 * the lists not read yet added all of `headroom`: the only notes whose scores the rest of the
	 * search must complete. Every other match ends below `toBeat`, under the `k` notes that reach
	 * it, whatever it scores.
	 */
	contenders(
		matches: Matches,
		request: RankRequest,
		headroom: Headroom,
		toBeat: number,
		notes = matches.notes,
	): number[] {
		const { tables, coverage, params } = request;
		const today = localCalendarDay(request.options.now);
		const contenders: number[] = [];
		for (let index = 0; index < notes.length; index++) {
			const note = notes[index];
			if (!passesFilter(note, request)) continue;
			const most =
				(matches.relevance(note) + headroom.relevance) *
				coverage.factor(matches.matchedWords(note) | headroom.words) *
				decayFactor(tables.noteDays[note], today, params) *
				headroom.bonus;
			if (most * ROUNDING_MARGIN >= toBeat) contenders.push(note);
		}
		return contenders;
	}

	/** Scores the matches (or `notes` of them) that pass the filters by relevance, coverage and decay; returns how many. */
	private scoreCandidates(matches: Matches, request: RankRequest, notes = matches.notes): number {
		const { tables, options } = request;
		const noteCount = tables.notes.length;
		this.candidates = withLength(this.candidates, noteCount);
		this.scores = withLength(this.scores, noteCount);
		this.slots = withLength(this.slots, noteCount);
		const today = localCalendarDay(options.now);
		let count = 0;
		for (let index = 0; index < notes.length; index++) {
			const note = notes[index];
			if (!passesFilter(note, request)) continue;
			this.candidates[count] = note;
			this.scores[count] = scoreOf(note, matches, request, today);
			this.slots[note] = ++count;
		}
		return count;
	}

	private clearSlots(count: number): void {
		for (let candidate = 0; candidate < count; candidate++) this.slots[this.candidates[candidate]] = 0;
	}

	/** Multiplies the hot notes among the candidates by their factor: O(hot set), not O(matches). */
	private applyHotSet(request: RankRequest): void {
		if (request.options.hotSet === undefined) return;
		for (const [path, factor] of hotFactors(request.options.hotSet, request.params)) {
			const note = request.noteIdOf(path);
			const slot = note === undefined ? 0 : this.slots[note];
			if (slot !== 0) this.scores[slot - 1] *= factor;
		}
	}

	private addLinkBonus(count: number, request: RankRequest, byPath: (a: number, b: number) => boolean): void {
		const { options, params, tables } = request;
		if (options.links === undefined || params.linkBonus === 0 || count === 0) return;
		// Candidate → the score of the strongest seed it is linked with, all read before any changes.
		const seedScores = new Map<number, number>();
		for (const seed of selectTop(this.scores, count, params.linkSeeds, byPath)) {
			const seedScore = this.scores[seed];
			const path = tables.notes[this.candidates[seed]]?.path ?? "";
			for (const neighbour of [...options.links.outgoing(path), ...options.links.incoming(path)]) {
				const note = request.noteIdOf(neighbour);
				const slot = note === undefined ? 0 : this.slots[note];
				if (slot !== 0 && slot - 1 !== seed)
					seedScores.set(slot - 1, Math.max(seedScores.get(slot - 1) ?? 0, seedScore));
			}
		}
		for (const [candidate, seedScore] of seedScores) {
			const own = this.scores[candidate];
			this.scores[candidate] = own + Math.min(params.linkBonus * seedScore, params.linkBonusCap * own);
		}
	}

	private hit(note: number, matches: Matches, request: RankRequest, linked: readonly number[]): SearchHit {
		const { tables } = request;
		const record = tables.notes[note] as NoteRecord;
		const slot = this.slots[note];
		const bestChunk = slot === 0 ? -1 : matches.bestChunk(note);
		const chunk = bestChunk === -1 ? 0 : bestChunk - tables.noteFirstChunk[note];
		return {
			path: record.path,
			score: slot === 0 ? 0 : this.scores[slot - 1],
			line: record.chunkTable[chunk * CHUNK_STRIDE + CHUNK_START_LINE],
			endLine: record.chunkTable[chunk * CHUNK_STRIDE + CHUNK_END_LINE],
			heading: chunkTrail(record, chunk),
			kind: record.kind,
			matchedTerms: slot === 0 ? [] : request.termsOfWords(matches.matchedWords(note)),
			linked: linked.includes(note),
		};
	}
}

/** A match's score before the hot set and links: relevance, times coverage, times decay. */
function scoreOf(note: number, matches: Matches, request: RankRequest, today: number): number {
	return (
		matches.relevance(note) *
		request.coverage.factor(matches.matchedWords(note)) *
		decayFactor(request.tables.noteDays[note], today, request.params)
	);
}

function passesFilter(note: number, request: RankRequest): boolean {
	if (request.filter === null) return true;
	const record = request.tables.notes[note];
	return record !== undefined && request.filter(record);
}

/** Equal scores are ordered by path, so the order never depends on how the index was built. */
function pathOf(tables: DocumentTables, note: number): string {
	return tables.notes[note]?.path ?? "";
}
