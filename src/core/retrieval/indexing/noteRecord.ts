import type { NoteKind } from "../notes/noteKind";

/**
 * What the index keeps of one note: no text, only what ranking, filters and results need, and
 * the note's term entries (its forward index). The forward index is the source of truth: the
 * postings are derived from it, it says what to take out of the collection statistics when the
 * note changes, and it is what a snapshot stores, so a warm start tokenizes nothing.
 */
export interface NoteRecord {
	readonly path: string;
	readonly mtime: number;
	readonly size: number;
	readonly kind: NoteKind;
	/** The calendar day a dated daily note is about (see `calendarDay.ts`), or `null`. */
	readonly day: number | null;
	/** Normalized (see `normalizeTag`), without repeats. */
	readonly tags: readonly string[];
	readonly aliases: readonly string[];
	/** The distinct heading trails of the note's chunks. */
	readonly trails: readonly string[];
	/** `CHUNK_STRIDE` integers per chunk, in note order (see the `CHUNK_*` offsets). */
	readonly chunkTable: Int32Array;
	/**
	 * Packed entries (`fields.ts`, id = term): first the note fields' (up to `noteTermsEnd`), then
	 * each chunk's, up to its `CHUNK_TERMS_END`. One entry per distinct term of a field.
	 */
	readonly terms: Uint32Array;
	readonly noteTermsEnd: number;
	/** Token counts of the note fields: title, aliases, tags, path. */
	readonly noteFieldLengths: readonly number[];
}

export const CHUNK_STRIDE = 6;
export const CHUNK_START_LINE = 0;
export const CHUNK_END_LINE = 1;
/** Index into `trails`, or -1 before the first heading. */
export const CHUNK_TRAIL = 2;
export const CHUNK_BODY_LENGTH = 3;
export const CHUNK_HEADINGS_LENGTH = 4;
export const CHUNK_TERMS_END = 5;

export function chunkCountOf(record: NoteRecord): number {
	return record.chunkTable.length / CHUNK_STRIDE;
}

export function chunkTrail(record: NoteRecord, chunk: number): string {
	const trail = record.chunkTable[chunk * CHUNK_STRIDE + CHUNK_TRAIL];
	return trail === -1 ? "" : record.trails[trail];
}
