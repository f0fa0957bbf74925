import type { CollectionStats } from "../indexing/collectionStats";
import { FIELD_COUNT, FIRST_NOTE_FIELD, isChunkField, MAX_TF, NOTE_FIELD_COUNT, type Field } from "../indexing/fields";
import type { InvertedIndex } from "../indexing/invertedIndex";
import { wordBit } from "../query/queryCoverage";
import type { Matches } from "./ranker";
import { boostsByField, type RankingParams } from "./rankingParams";
import { withLength } from "../indexing/typedArrays";
import { CHUNK_ROW, ROW_LENGTHS, ROW_NOTE } from "../indexing/documentTables";

/** One term to look up: a query word, or what stands for it (its typo correction). */
export interface QueryTerm {
	readonly termId: number;
	readonly weight: number;
	/** Which query word it stands for (0-based), for coverage. */
	readonly word: number;
}

/** Below this many postings per contender, a contenders-only pass reads the list through rather than seek. */
const SEEK_WHEN_LIST_EXCEEDS_NOTES = 4;
/** Numbers a note in `Bm25Scorer.noteState`: six, padded to eight (64 bytes, a cache line's size). */
const NOTE_STATE = 8;
const STAMP = 0;
const FIELD_SCORE = 1;
const WORDS = 2;
const BEST = 3;
const SECOND = 4;
const BEST_CHUNK = 5;
/** A posting's chunk is its top bits (see `fields.ts`): the postings of chunk `c` are `[c × this, (c + 1) × this)`. */
const POSTINGS_PER_CHUNK = 1024;

/** The first position in `[from, to)` whose value is at least `target` (`to` if none), in a list sorted ascending. */
function seek(list: ArrayLike<number>, from: number, to: number, target: number): number {
	let low = from;
	let step = 1;
	let high = from;
	while (high < to && list[high] < target) {
		low = high + 1;
		high += step;
		step *= 2;
	}
	if (high > to) high = to;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if (list[middle] < target) low = middle + 1;
		else high = middle;
	}
	return low;
}

interface AccumulationPass {
	readonly field: Field;
	readonly bit: number;
	/** weight × boost × idf × (k1 + 1) */
	readonly weight: number;
	/** k1 × b / the field's average length */
	readonly lengthScale: number;
	/** Add to the contenders only (see `restrictTo`), not to every note. */
	readonly contendersOnly: boolean;
}

/**
 * BM25 over chunks, fields summed with their boosts, then rolled up to notes: a note's relevance
 * is its best chunk, a share of its second best, and its note fields (title, aliases, tags, path).
 *
 * Accumulators are typed arrays indexed by chunk and note number, kept between queries. Each
 * query has a generation number, and a slot stamped with an older one counts as zero, so nothing
 * is cleared between queries and a query allocates nothing in proportion to the vault. Results
 * are complete after every `addList` and stay readable until the next `begin`.
 */
export class Bm25Scorer implements Matches {
	private generation = 0;
	/** Two numbers per chunk: the generation that last scored it, and its score then. */
	private chunkScores = new Float64Array(0);
	/**
	 * What the query has found of each note, `NOTE_STATE` numbers a note (`STAMP`, `FIELD_SCORE`,
	 * `WORDS`, `BEST`, `SECOND`, `BEST_CHUNK`) side by side: the inner loop meets notes in no
	 * order, and one note's numbers then come from one or two cache lines rather than six.
	 */
	private noteState = new Float64Array(0);
	private noteList = new Int32Array(0);
	private noteCount = 0;
	/** Stamped with the generation for the notes `restrictTo` named, which `contenders` lists in number order. */
	private contenderStamps = new Int32Array(0);
	private contenders = new Int32Array(0);
	/** Per field: k1 × b / average length, so that the BM25 norm is `normBase + lengthScale × length`. */
	private readonly lengthScales = new Float64Array(FIELD_COUNT);
	private readonly normBase: number;
	private readonly boosts: readonly number[];

	constructor(
		private readonly index: InvertedIndex,
		private readonly stats: CollectionStats,
		private readonly params: RankingParams,
	) {
		this.normBase = params.k1 * (1 - params.b);
		this.boosts = boostsByField(params.boosts);
	}

	/** The notes the last query matched, by number. */
	get notes(): Int32Array {
		return this.noteList.subarray(0, this.noteCount);
	}

	relevance(noteId: number): number {
		return (
			this.noteState[noteId * NOTE_STATE + BEST] +
			this.params.secondChunkWeight * this.noteState[noteId * NOTE_STATE + SECOND] +
			this.noteState[noteId * NOTE_STATE + FIELD_SCORE]
		);
	}

	/** Bit `w` is set when query word `w` matched somewhere in the note. */
	matchedWords(noteId: number): number {
		return this.noteState[noteId * NOTE_STATE + WORDS];
	}

	/** The number of the note's best chunk, or -1 when only its note fields matched. */
	bestChunk(noteId: number): number {
		return this.noteState[noteId * NOTE_STATE + BEST_CHUNK];
	}

	/** Starts a query, forgetting the last one's results. */
	begin(): void {
		this.startGeneration();
		const { k1, b } = this.params;
		for (let field = 0; field < FIELD_COUNT; field++) {
			const average = this.stats.averageLength(field as Field);
			this.lengthScales[field] = average > 0 ? (k1 * b) / average : 0;
		}
	}

	/**
	 * From now until the next `begin` (or a narrower call), lists added with `contendersOnly` add
	 * to these notes alone: matched notes that the caller has shown are the only ones that can
	 * still make the results. Returns them in number order.
	 */
	restrictTo(notes: readonly number[]): Int32Array {
		this.contenderStamps = withLength(this.contenderStamps, this.index.tables.notes.length);
		for (const note of this.contenders) this.contenderStamps[note] = 0;
		this.contenders = Int32Array.from(notes).sort();
		for (const note of notes) this.contenderStamps[note] = this.generation;
		return this.contenders;
	}

	/** Adds one term's contributions in one field, to every note or to the contenders only (see `restrictTo`). */
	addList(term: QueryTerm, field: Field, contendersOnly: boolean): void {
		const index = this.index;
		const pass: AccumulationPass = {
			field,
			bit: wordBit(term.word),
			weight: this.fieldWeight(term, field) * (this.params.k1 + 1),
			lengthScale: this.lengthScales[field],
			contendersOnly,
		};
		const from = index.listStart(term.termId, field);
		const to = index.listEnd(term.termId, field);
		const delta = index.delta.get(term.termId);
		if (contendersOnly && to - from > SEEK_WHEN_LIST_EXCEEDS_NOTES * this.contenders.length)
			this.accumulateContenders(from, to, pass);
		else this.accumulate(index.entries, from, to, pass);
		if (delta !== undefined) this.accumulate(delta, 0, delta.length, pass);
	}

	/**
	 * A table list for the contenders, when it is much longer than they are many: the list is in
	 * chunk order and a note's chunks are numbered in a row, so each contender's postings are
	 * found by a galloping search from the last one's, not by reading the list through.
	 */
	private accumulateContenders(from: number, to: number, pass: AccumulationPass): void {
		const { entries, tables } = this.index;
		const { noteFirstChunk } = tables;
		const lastNote = tables.notes.length - 1;
		const notes = this.contenders;
		let position = from;
		for (let index = 0; index < notes.length && position < to; index++) {
			const note = notes[index];
			const start = seek(entries, position, to, noteFirstChunk[note] * POSTINGS_PER_CHUNK);
			const nextChunk = note < lastNote ? noteFirstChunk[note + 1] : tables.chunkCount;
			position = seek(entries, start, to, nextChunk * POSTINGS_PER_CHUNK);
			if (position > start) this.accumulate(entries, start, position, pass);
		}
	}

	/**
	 * The most one term's list in one field can add to a note's relevance, for a chunk field in the
	 * best chunk and the second. A field holds at least as many words as the term's count in it
	 * (`length ≥ tf`), so `tf / (tf + normBase + lengthScale × length)` stays below its value at
	 * the largest count with the length equal to it: in short fields (titles, headings, paths)
	 * that is well under BM25's saturation of 1, and the bound is the tighter for it.
	 */
	listBound(term: QueryTerm, field: Field): number {
		const share = isChunkField(field) ? 1 + this.params.secondChunkWeight : 1;
		const saturation = MAX_TF / (MAX_TF * (1 + this.lengthScales[field]) + this.normBase);
		return share * this.fieldWeight(term, field) * (this.params.k1 + 1) * saturation;
	}

	private fieldWeight(term: QueryTerm, field: Field): number {
		return term.weight * this.boosts[field] * this.stats.inverseDocumentFrequency(term.termId, field);
	}

	private accumulate(postings: ArrayLike<number>, from: number, to: number, pass: AccumulationPass): void {
		if (isChunkField(pass.field)) this.accumulateChunks(postings, from, to, pass);
		else this.accumulateNotes(postings, from, to, pass);
	}

	/**
	 * The inner loop of search: locals rather than fields, and the packing of `fields.ts` decoded
	 * inline. The table's lists hold one field; the delta mixes them, hence the field test. A
	 * chunk's score only grows, so its note's best and second-best chunk are kept as it grows
	 * (equal scores going to the earlier chunk, whatever order the postings come in).
	 */
	private accumulateChunks(postings: ArrayLike<number>, from: number, to: number, pass: AccumulationPass): void {
		const { field, bit, weight, lengthScale, contendersOnly } = pass;
		const { chunks } = this.index.tables;
		const { chunkScores, normBase, noteState, contenderStamps, generation } = this;
		for (let position = from; position < to; position++) {
			const posting = postings[position];
			const chunk = posting >>> 10;
			if (((posting >>> 7) & 7) !== field) continue;
			const row = chunk * CHUNK_ROW;
			const note = chunks[row + ROW_NOTE];
			if (note < 0) continue;
			if (contendersOnly) {
				if (contenderStamps[note] !== generation) continue;
			} else if (noteState[note * NOTE_STATE + STAMP] !== generation) {
				this.touchNote(note);
			}
			const tf = posting & 127;
			const slot = chunk * 2;
			if (chunkScores[slot] !== generation) {
				chunkScores[slot] = generation;
				chunkScores[slot + 1] = 0;
			}
			const score = (chunkScores[slot + 1] +=
				(weight * tf) / (tf + normBase + lengthScale * chunks[row + ROW_LENGTHS + field]));
			const at = note * NOTE_STATE;
			noteState[at + WORDS] = noteState[at + WORDS] | bit;
			const best = noteState[at + BEST];
			const bestChunk = noteState[at + BEST_CHUNK];
			if (chunk === bestChunk) {
				noteState[at + BEST] = score;
			} else if (score > best || (score === best && chunk < bestChunk)) {
				noteState[at + SECOND] = best;
				noteState[at + BEST] = score;
				noteState[at + BEST_CHUNK] = chunk;
			} else if (score > noteState[at + SECOND]) {
				noteState[at + SECOND] = score;
			}
		}
	}

	private accumulateNotes(postings: ArrayLike<number>, from: number, to: number, pass: AccumulationPass): void {
		const { field, bit, weight, lengthScale, contendersOnly } = pass;
		const { chunks, noteFieldLengths } = this.index.tables;
		const { noteState, contenderStamps, normBase, generation } = this;
		for (let position = from; position < to; position++) {
			const posting = postings[position];
			const chunk = posting >>> 10;
			if (((posting >>> 7) & 7) !== field) continue;
			const note = chunks[chunk * CHUNK_ROW + ROW_NOTE];
			if (note < 0) continue;
			if (contendersOnly) {
				if (contenderStamps[note] !== generation) continue;
			} else if (noteState[note * NOTE_STATE + STAMP] !== generation) {
				this.touchNote(note);
			}
			const tf = posting & 127;
			const length = noteFieldLengths[note * NOTE_FIELD_COUNT + field - FIRST_NOTE_FIELD];
			const at = note * NOTE_STATE;
			noteState[at + FIELD_SCORE] += (weight * tf) / (tf + normBase + lengthScale * length);
			noteState[at + WORDS] = noteState[at + WORDS] | bit;
		}
	}

	/** Lists the note and clears its accumulators the first time this query meets it. */
	private touchNote(note: number): void {
		const state = this.noteState;
		const at = note * NOTE_STATE;
		if (state[at + STAMP] === this.generation) return;
		state[at + STAMP] = this.generation;
		state[at + FIELD_SCORE] = 0;
		state[at + WORDS] = 0;
		state[at + BEST] = 0;
		state[at + SECOND] = 0;
		state[at + BEST_CHUNK] = -1;
		this.noteList[this.noteCount++] = note;
	}

	private startGeneration(): void {
		const chunks = this.index.tables.chunkCount;
		const notes = this.index.tables.notes.length;
		this.chunkScores = withLength(this.chunkScores, chunks * 2);
		this.noteState = withLength(this.noteState, notes * NOTE_STATE);
		this.noteList = withLength(this.noteList, notes);
		this.noteCount = 0;
		this.generation++;
		if (this.generation === 0x7fffffff) {
			for (let at = STAMP; at < this.noteState.length; at += NOTE_STATE) this.noteState[at] = 0;
			for (let at = 0; at < this.chunkScores.length; at += 2) this.chunkScores[at] = 0;
			this.contenderStamps.fill(0);
			this.generation = 1;
		}
	}
}
