import type { CollectionStats, StatsSnapshot } from "./collectionStats";
import { entryId, withEntryId } from "./fields";
import { hasExcludedTag, skipReasonForFile, type IndexPolicy, type SkipReason } from "./indexPolicy";
import type { InvertedIndex, StoredTable } from "./invertedIndex";
import { placement } from "./noteAnalyzer";
import { CHUNK_STRIDE, chunkCountOf, type NoteRecord } from "./noteRecord";
import type { Vocabulary } from "./vocabulary";

/** Bumped whenever tokenizing, chunking or the record layout changes: an older snapshot is ignored. */
export const SNAPSHOT_VERSION = 2;

/**
 * The index as saved between sessions: every note's record, with its terms and chunk tables
 * concatenated into two typed arrays, the postings table and the collection statistics as they
 * were (so that a warm start rebuilds nothing), and only the vocabulary still in use. It is made
 * for structured cloning (IndexedDB stores it as it is); a store that needs JSON encodes the
 * typed arrays itself. Files are validated one by one on load by path, mtime and size (see
 * `RetrievalIndex.reconcile`), so an unchanged vault is re-read not at all.
 */
export interface IndexSnapshot {
	readonly version: number;
	/** The policy and chunking the index was built under (see `RetrievalIndex`). */
	readonly settings: string;
	readonly vocabulary: readonly string[];
	readonly notes: readonly NoteSnapshot[];
	readonly chunkTables: Int32Array;
	/** Packed term entries (see `fields.ts`), ids into `vocabulary`. */
	readonly terms: Uint32Array;
	/** The postings of exactly these notes, placed in this order. */
	readonly postings: StoredTable;
	readonly stats: StatsSnapshot;
	readonly skipped: readonly SkippedFile[];
}

export interface NoteSnapshot {
	readonly path: string;
	readonly mtime: number;
	readonly size: number;
	readonly tags: readonly string[];
	readonly aliases: readonly string[];
	readonly trails: readonly string[];
	readonly chunkCount: number;
	readonly termCount: number;
	readonly noteTermsEnd: number;
	readonly noteFieldLengths: readonly number[];
}

export interface SkippedFile {
	readonly path: string;
	readonly mtime: number;
	readonly size: number;
	readonly reason: SkipReason;
}

/** What a snapshot is made of: a compact index's parts, `records` in the order they were placed. */
export interface SnapshotParts {
	readonly records: readonly NoteRecord[];
	readonly skipped: Iterable<SkippedFile>;
	readonly vocabulary: Vocabulary;
	readonly postings: InvertedIndex;
	readonly stats: CollectionStats;
	readonly settings: string;
}

export function encodeSnapshot({ records, skipped, vocabulary, postings, stats, settings }: SnapshotParts): IndexSnapshot {
	const newIds = new Int32Array(vocabulary.size).fill(-1);
	const oldIds: number[] = [];
	const terms: string[] = [];
	const chunkTables = new Int32Array(records.reduce((sum, record) => sum + record.chunkTable.length, 0));
	const entries = new Uint32Array(records.reduce((sum, record) => sum + record.terms.length, 0));
	let chunkOffset = 0;
	let termOffset = 0;
	const notes = records.map((record): NoteSnapshot => {
		chunkTables.set(record.chunkTable, chunkOffset);
		chunkOffset += record.chunkTable.length;
		for (const entry of record.terms) {
			const oldId = entryId(entry);
			if (newIds[oldId] === -1) {
				newIds[oldId] = terms.push(vocabulary.termOf(oldId)) - 1;
				oldIds.push(oldId);
			}
			entries[termOffset++] = withEntryId(entry, newIds[oldId]);
		}
		return {
			path: record.path,
			mtime: record.mtime,
			size: record.size,
			tags: record.tags,
			aliases: record.aliases,
			trails: record.trails,
			chunkCount: chunkCountOf(record),
			termCount: record.terms.length,
			noteTermsEnd: record.noteTermsEnd,
			noteFieldLengths: record.noteFieldLengths,
		};
	});
	const renumbering = Int32Array.from(oldIds);
	return {
		version: SNAPSHOT_VERSION,
		settings,
		vocabulary: terms,
		notes,
		chunkTables,
		terms: entries,
		postings: postings.snapshotTable(renumbering),
		stats: stats.snapshot(renumbering),
		skipped: [...skipped],
	};
}

export interface DecodedSnapshot {
	readonly records: NoteRecord[];
	readonly skipped: SkippedFile[];
	/** The stored postings and statistics, when they still hold (the settings are the same). */
	readonly stored: { readonly postings: StoredTable; readonly stats: StatsSnapshot } | null;
}

/**
 * The records of a snapshot, their terms interned into `vocabulary` (which must be empty, so
 * that ids are kept), or `null` for a snapshot of another version. When the settings changed,
 * notes the policy now excludes by folder or tag are dropped (and counted as skipped), the
 * skipped files are forgotten, to be checked again, and the postings must be rebuilt.
 */
export function decodeSnapshot(
	snapshot: IndexSnapshot,
	policy: IndexPolicy,
	settings: string,
	vocabulary: Vocabulary,
): DecodedSnapshot | null {
	if (snapshot.version !== SNAPSHOT_VERSION || vocabulary.size !== 0) return null;
	for (const term of snapshot.vocabulary) vocabulary.intern(term);
	const sameSettings = snapshot.settings === settings;
	const records: NoteRecord[] = [];
	const skipped = sameSettings ? [...snapshot.skipped] : [];
	let chunkOffset = 0;
	let termOffset = 0;
	for (const note of snapshot.notes) {
		const chunkTable = snapshot.chunkTables.subarray(chunkOffset, (chunkOffset += note.chunkCount * CHUNK_STRIDE));
		const terms = snapshot.terms.subarray(termOffset, (termOffset += note.termCount));
		const reason = sameSettings ? null : skipReasonUnder(note, policy);
		if (reason !== null) {
			skipped.push({ path: note.path, mtime: note.mtime, size: note.size, reason });
			continue;
		}
		records.push({
			path: note.path,
			mtime: note.mtime,
			size: note.size,
			...placement(note.path, policy.kinds),
			tags: note.tags,
			aliases: note.aliases,
			trails: note.trails,
			chunkTable,
			terms,
			noteTermsEnd: note.noteTermsEnd,
			noteFieldLengths: note.noteFieldLengths,
		});
	}
	const stored = sameSettings ? { postings: snapshot.postings, stats: snapshot.stats } : null;
	return { records, skipped, stored };
}

function skipReasonUnder(note: NoteSnapshot, policy: IndexPolicy): SkipReason | null {
	return skipReasonForFile(note.path, note.size, policy) ?? (hasExcludedTag(note.tags, policy) ? "excluded-tag" : null);
}
