import type { StatsSnapshot } from "./collectionStats";
import { NOTE_FIELD_COUNT } from "./fields";
import type { SkipReason } from "../../vault/indexPolicy";
import type { StoredTable } from "./invertedIndex";
import type { NoteRecord } from "./noteRecord";
import type { StringTable } from "./stringTable";
import type { Vocabulary } from "./vocabulary";

/**
 * Bumped whenever tokenizing, chunking, the privacy rules or the snapshot's layout change: an
 * older snapshot is ignored. 3: columns and string tables instead of an object per note. 4: a
 * note with frontmatter that does not parse is left out, so a snapshot that indexed one is not
 * trusted.
 */
export const SNAPSHOT_VERSION = 4;

/**
 * The index as saved between sessions: every note's record, its integers in columns and its
 * terms and chunk tables concatenated, the postings table and the collection statistics as they
 * were (so that a warm start rebuilds nothing), and only the vocabulary still in use. A dozen
 * typed arrays and two long strings, each cloned as one block of memory: IndexedDB's structured
 * clone costs what copying the bytes costs, with no visit per note, term or tag; a store that
 * needs JSON encodes the typed arrays itself. Each array owns its buffer (a view into a larger
 * one would be cloned whole). Files are validated one by one on load by path, mtime and size
 * (see `RetrievalIndex.reconcile`), so an unchanged vault is re-read not at all.
 */
export interface IndexSnapshot {
	readonly version: number;
	/** The policy and chunking the index was built under (see `RetrievalIndex.settings`). */
	readonly settings: string;
	/** The terms in use, by id. */
	readonly vocabulary: StringTable;
	/** Each note's path, tags, aliases and trails, then each skipped file's path. */
	readonly strings: StringTable;
	/** `NOTE_COLUMNS` integers per note (see the `NOTE_*` offsets). */
	readonly noteColumns: Int32Array;
	/** The mtime and size of each note, then of each skipped file. */
	readonly fileVersions: Float64Array;
	/** The notes' chunk tables, one after the other. */
	readonly chunkTables: Int32Array;
	/** The notes' packed term entries (see `fields.ts`), ids into the vocabulary, one note after the other. */
	readonly terms: Uint32Array;
	/** The postings of exactly these notes, placed in this order. */
	readonly postings: StoredTable;
	readonly stats: StatsSnapshot;
	/** The skip reasons `skippedReasons` refers to, by name, so that a reason's number can change. */
	readonly reasonNames: readonly SkipReason[];
	/** Each skipped file's reason, an index into `reasonNames`. */
	readonly skippedReasons: Uint8Array;
}

export const NOTE_TAGS = 0;
export const NOTE_ALIASES = 1;
export const NOTE_TRAILS = 2;
export const NOTE_CHUNKS = 3;
export const NOTE_TERMS = 4;
export const NOTE_TERMS_END = 5;
/** The first of the note fields' lengths (see `NoteRecord.noteFieldLengths`). */
export const NOTE_FIELD_LENGTHS = 6;
export const NOTE_COLUMNS = NOTE_FIELD_LENGTHS + NOTE_FIELD_COUNT;

/**
 * How much encoding and decoding do between two yields: well under a millisecond on a desktop
 * core, a few on a phone's, so that a caller spreading them over time slices ends a slice close
 * to its budget (larger steps made tasks of 50 ms and more with the CPU slowed four times).
 */
export const NOTES_PER_STEP = 32;
export const TERMS_PER_STEP = 1024;
/** Term entries or postings copied between two yields, whatever the notes' or terms' count. */
export const ENTRIES_PER_STEP = 1 << 15;

export interface SkippedFile {
	readonly path: string;
	readonly mtime: number;
	readonly size: number;
	readonly reason: SkipReason;
}

/** What a snapshot is made of. */
export interface SnapshotParts {
	/** In the order their postings were placed, when `postings` is given. */
	readonly records: readonly NoteRecord[];
	readonly skipped: readonly SkippedFile[];
	/** Only grows, so the records' term ids hold while the snapshot is made. */
	readonly vocabulary: Vocabulary;
	/** The compact postings of exactly `records`, or `null` to build them anew. */
	readonly postings: StoredTable | null;
	/** The statistics of exactly `records`, terms numbered as in `vocabulary`. */
	readonly stats: StatsSnapshot;
	readonly settings: string;
}
