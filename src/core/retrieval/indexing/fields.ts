/**
 * The fields a note is searched by, and the packed 32-bit entries that record an occurrence.
 * Body and headings belong to a chunk; title, aliases, tags and path to the whole note.
 *
 * One packing serves two tables: a note's forward entries (`id` is a term) and the postings of a
 * term (`id` is a chunk). `id * 1024 + field * 128 + tf` keeps the id in the top 22 bits, the
 * field in 3 and the term frequency, capped at 127 (BM25 has long saturated by then), in 7.
 */

export const BODY = 0;
export const HEADINGS = 1;
export const TITLE = 2;
export const ALIASES = 3;
export const TAGS = 4;
export const PATH = 5;
export const FIELD_COUNT = 6;
/** Fields of the note as a whole (title, aliases, tags, path), numbered from 0. */
export const NOTE_FIELD_COUNT = 4;
export const FIRST_NOTE_FIELD = TITLE;

export type Field = typeof BODY | typeof HEADINGS | typeof TITLE | typeof ALIASES | typeof TAGS | typeof PATH;

/** Ids must stay below this to fit the packing (4,194,304 terms or chunks). */
export const ID_LIMIT = 1 << 22;
/** The largest term frequency a posting records. */
export const MAX_TF = 127;

export function packEntry(id: number, field: Field, tf: number): number {
	return id * 1024 + field * 128 + Math.min(tf, MAX_TF);
}

/** The same field and frequency under another id: a note's term entry becomes a chunk's posting. */
export function withEntryId(entry: number, id: number): number {
	return id * 1024 + (entry & 1023);
}

export function entryId(entry: number): number {
	return entry >>> 10;
}

export function entryField(entry: number): Field {
	return ((entry >>> 7) & 7) as Field;
}

export function isChunkField(field: Field): boolean {
	return field <= HEADINGS;
}
