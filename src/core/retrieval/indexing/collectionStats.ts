import {
	BODY,
	entryField,
	entryId,
	FIELD_COUNT,
	HEADINGS,
	FIRST_NOTE_FIELD,
	isChunkField,
	NOTE_FIELD_COUNT,
	type Field,
} from "./fields";
import { CHUNK_BODY_LENGTH, CHUNK_HEADINGS_LENGTH, CHUNK_STRIDE, chunkCountOf, type NoteRecord } from "./noteRecord";
import { withLength } from "./typedArrays";

/** The statistics as a snapshot stores them. */
export interface StatsSnapshot {
	readonly frequencies: Int32Array;
	readonly chunks: number;
	readonly notes: number;
	readonly lengthSums: readonly number[];
	readonly nonEmpty: readonly number[];
}

/**
 * The statistics BM25 needs, per field: how many chunks (body, headings) or notes (title,
 * aliases, tags, path) contain each term, how many there are, and their total length. Kept exact
 * under every change (a note's forward entries say what to add or take away), so that an index
 * updated note by note scores exactly as one built from scratch.
 */
export class CollectionStats {
	/** Document frequency of term `t` in field `f` at `t * FIELD_COUNT + f`. */
	private frequencies: Int32Array = new Int32Array(0);
	private chunks = 0;
	private notes = 0;
	private readonly lengthSums = new Float64Array(FIELD_COUNT);
	/** How many chunks or notes have a non-empty field, the denominator of its average length. */
	private readonly nonEmpty = new Float64Array(FIELD_COUNT);

	add(record: NoteRecord): void {
		this.apply(record, 1);
	}

	remove(record: NoteRecord): void {
		this.apply(record, -1);
	}

	/** A copy of the statistics as they are, terms numbered as in the index. */
	snapshot(): StatsSnapshot {
		const { chunks, notes } = this;
		return {
			frequencies: this.frequencies.slice(),
			chunks,
			notes,
			lengthSums: Array.from(this.lengthSums),
			nonEmpty: Array.from(this.nonEmpty),
		};
	}

	restore(snapshot: StatsSnapshot): void {
		this.frequencies = snapshot.frequencies;
		this.chunks = snapshot.chunks;
		this.notes = snapshot.notes;
		this.lengthSums.set(snapshot.lengthSums);
		this.nonEmpty.set(snapshot.nonEmpty);
	}

	get noteCount(): number {
		return this.notes;
	}

	get chunkCount(): number {
		return this.chunks;
	}

	documentFrequency(termId: number, field: Field): number {
		const slot = termId * FIELD_COUNT + field;
		return slot < this.frequencies.length ? this.frequencies[slot] : 0;
	}

	/** In how many chunks or notes the term occurs, over all fields: 0 for a term no note has any more. */
	occurrences(termId: number): number {
		let total = 0;
		for (let field = 0; field < FIELD_COUNT; field++) total += this.documentFrequency(termId, field as Field);
		return total;
	}

	/** BM25's inverse document frequency (the always-positive variant). */
	inverseDocumentFrequency(termId: number, field: Field): number {
		const idf = this.fieldIdf(field, this.documentFrequency(termId, field));
		return isChunkField(field) ? idf : Math.min(idf, this.fieldIdf(BODY, this.documentFrequency(termId, BODY)));
	}

	/** The inverse document frequency of a term that no chunk or note has in the field. */
	unseenInverseDocumentFrequency(field: Field): number {
		return this.fieldIdf(field, 0);
	}

	private fieldIdf(field: Field, frequency: number): number {
		const documents = isChunkField(field) ? this.chunks : this.notes;
		return Math.log(1 + (documents - frequency + 0.5) / (frequency + 0.5));
	}

	/**
	 * Over the chunks or notes that have the field: most notes have no alias or tag, and counting
	 * them would make every alias list look long and every alias match weak.
	 */
	averageLength(field: Field): number {
		return this.nonEmpty[field] === 0 ? 0 : this.lengthSums[field] / this.nonEmpty[field];
	}

	private apply(record: NoteRecord, sign: 1 | -1): void {
		const terms = record.terms;
		for (let index = 0; index < terms.length; index++) {
			const slot = entryId(terms[index]) * FIELD_COUNT + entryField(terms[index]);
			if (slot >= this.frequencies.length) this.frequencies = withLength(this.frequencies, slot + FIELD_COUNT);
			this.frequencies[slot] += sign;
		}
		const chunks = chunkCountOf(record);
		for (let chunk = 0; chunk < chunks; chunk++) {
			this.addLength(BODY, record.chunkTable[chunk * CHUNK_STRIDE + CHUNK_BODY_LENGTH], sign);
			this.addLength(HEADINGS, record.chunkTable[chunk * CHUNK_STRIDE + CHUNK_HEADINGS_LENGTH], sign);
		}
		for (let field = 0; field < NOTE_FIELD_COUNT; field++) {
			this.addLength((FIRST_NOTE_FIELD + field) as Field, record.noteFieldLengths[field], sign);
		}
		this.chunks += sign * chunks;
		this.notes += sign;
	}

	private addLength(field: Field, length: number, sign: 1 | -1): void {
		this.lengthSums[field] += sign * length;
		if (length > 0) this.nonEmpty[field] += sign;
	}
}
