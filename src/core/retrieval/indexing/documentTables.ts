import { BODY, HEADINGS, NOTE_FIELD_COUNT } from "./fields";
import {
	CHUNK_BODY_LENGTH,
	CHUNK_HEADINGS_LENGTH,
	CHUNK_STRIDE,
	CHUNK_TERMS_END,
	chunkCountOf,
	type NoteRecord,
} from "./noteRecord";
import { withLength } from "./typedArrays";

export const CHUNK_ROW = 3;
export const ROW_NOTE = 0;
export const ROW_LENGTHS = 1;

/**
 * Notes and chunks by number, in flat typed arrays that scoring reads in its inner loop. Numbers
 * are handed out in order and never reused: a removed note's chunks are only marked dead, and
 * the numbering starts afresh when the postings are rebuilt.
 */
export class DocumentTables {
	/**
	 * `CHUNK_ROW` numbers per chunk, by number: its note (`ROW_NOTE`, -1 once the note is retired:
	 * the chunk is dead), then its length in each chunk field (`ROW_LENGTHS + field`, body, then
	 * headings). Side by side, since scoring reads all of them for a chunk in one go.
	 */
	chunks = new Int32Array(0);
	chunkCount = 0;
	readonly notes: (NoteRecord | undefined)[] = [];
	noteFirstChunk = new Int32Array(0);
	/** `NOTE_FIELD_COUNT` lengths per note: title, aliases, tags, path. */
	noteFieldLengths = new Int32Array(0);
	/** Each note's `day` (NaN for an undated note), here so that ranking need not visit the records. */
	noteDays = new Float64Array(0);
	private readonly noteIds = new Map<NoteRecord, number>();
	/** For each entry of the last placed note, the chunk it belongs to. */
	private entryChunks = new Int32Array(0);

	/** Numbers the note and its chunks; returns the note's number. */
	place(record: NoteRecord): number {
		const noteId = this.notes.length;
		const firstChunk = this.chunkCount;
		const chunks = chunkCountOf(record);
		this.notes.push(record);
		this.noteIds.set(record, noteId);
		this.noteFirstChunk = withLength(this.noteFirstChunk, noteId + 1);
		this.noteFirstChunk[noteId] = firstChunk;
		this.noteFieldLengths = withLength(this.noteFieldLengths, (noteId + 1) * NOTE_FIELD_COUNT);
		this.noteFieldLengths.set(record.noteFieldLengths, noteId * NOTE_FIELD_COUNT);
		this.noteDays = withLength(this.noteDays, noteId + 1);
		this.noteDays[noteId] = record.day ?? Number.NaN;
		this.chunkCount += chunks;
		this.chunks = withRows(this.chunks, this.chunkCount * CHUNK_ROW);
		for (let chunk = 0; chunk < chunks; chunk++) {
			const row = (firstChunk + chunk) * CHUNK_ROW;
			this.chunks[row + ROW_NOTE] = noteId;
			this.chunks[row + ROW_LENGTHS + BODY] = record.chunkTable[chunk * CHUNK_STRIDE + CHUNK_BODY_LENGTH];
			this.chunks[row + ROW_LENGTHS + HEADINGS] = record.chunkTable[chunk * CHUNK_STRIDE + CHUNK_HEADINGS_LENGTH];
		}
		return noteId;
	}

	/** Marks the note's chunks dead; returns whether it was placed here. */
	retire(record: NoteRecord): boolean {
		const noteId = this.noteIds.get(record);
		if (noteId === undefined) return false;
		this.noteIds.delete(record);
		this.notes[noteId] = undefined;
		const firstChunk = this.noteFirstChunk[noteId];
		for (let chunk = 0; chunk < chunkCountOf(record); chunk++)
			this.chunks[(firstChunk + chunk) * CHUNK_ROW + ROW_NOTE] = -1;
		return true;
	}

	noteIdOf(record: NoteRecord): number | undefined {
		return this.noteIds.get(record);
	}

	/**
	 * The chunk number of each of the note's term entries (note-field entries go with its first
	 * chunk). The array is reused by the next call.
	 */
	chunksOfEntries(noteId: number): Int32Array {
		const record = this.notes[noteId];
		if (record === undefined) return this.entryChunks.subarray(0, 0);
		this.entryChunks = withLength(this.entryChunks, record.terms.length);
		const firstChunk = this.noteFirstChunk[noteId];
		let chunk = 0;
		let chunkEnd = record.noteTermsEnd;
		let chunkId = firstChunk;
		for (let entry = 0; entry < record.terms.length; entry++) {
			while (entry >= chunkEnd) {
				chunkId = firstChunk + chunk;
				chunkEnd = record.chunkTable[chunk * CHUNK_STRIDE + CHUNK_TERMS_END];
				chunk++;
			}
			this.entryChunks[entry] = chunkId;
		}
		return this.entryChunks;
	}
}

/**
 * `chunks` with room for `length` numbers, the room past them dead (-1, not the zeros of a new
 * array, which would read as chunks of note 0): a posting that names a chunk never placed, as
 * a damaged snapshot could, finds no note.
 */
function withRows<T extends Int32Array>(chunks: T, length: number): T {
	const grown = withLength(chunks, length);
	if (grown !== chunks) grown.fill(-1, chunks.length);
	return grown;
}
