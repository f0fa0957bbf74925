import type { StatsSnapshot } from "./collectionStats";
import { entryId, FIELD_COUNT, withEntryId } from "./fields";
import { SKIP_REASONS } from "../../vault/indexPolicy";
import {
	NOTE_ALIASES,
	NOTE_CHUNKS,
	NOTE_COLUMNS,
	NOTE_FIELD_LENGTHS,
	NOTE_TAGS,
	NOTE_TERMS,
	NOTE_TERMS_END,
	NOTE_TRAILS,
	ENTRIES_PER_STEP,
	NOTES_PER_STEP,
	SNAPSHOT_VERSION,
	TERMS_PER_STEP,
	type IndexSnapshot,
	type SkippedFile,
	type SnapshotParts,
} from "./indexSnapshot";
import { InvertedIndex, listEnd, listStart, type StoredTable } from "./invertedIndex";
import { chunkCountOf, type NoteRecord } from "./noteRecord";
import { StringTableWriter } from "./stringTable";
import type { Vocabulary } from "./vocabulary";

/**
 * The snapshot of `parts`, made in steps of bounded work. Terms are renumbered in the order the
 * notes first use them, so that only the vocabulary still in use is kept. The postings are
 * renumbered when the index has them compact, and built anew from the renumbered entries
 * otherwise. `parts` must not change meanwhile (the records never do; the rest is a copy).
 */
export function* encodeSnapshot({
	records,
	skipped,
	vocabulary,
	postings,
	stats,
	settings,
}: SnapshotParts): Generator<void, IndexSnapshot> {
	const notes = new NoteWriter(records, skipped, vocabulary);
	const renumbered: NoteRecord[] = [];
	// Allocating the arrays may start a garbage collection: a step of its own.
	yield;
	let entries = 0;
	for (let note = 0; note < records.length; note++) {
		notes.add(note);
		if (postings === null) renumbered.push({ ...records[note], terms: notes.lastTerms() });
		entries += records[note].terms.length;
		if (note % NOTES_PER_STEP === NOTES_PER_STEP - 1 || entries >= ENTRIES_PER_STEP) {
			entries = 0;
			notes.joinStrings();
			yield;
		}
	}
	skipped.forEach((file, index) => notes.addSkipped(index, file));
	const { oldIds } = notes;
	const table =
		postings === null ? yield* builtTable(renumbered, oldIds.length) : yield* renumberedTable(postings, oldIds);
	const frequencies = yield* renumberedRows(stats, oldIds);
	return {
		version: SNAPSHOT_VERSION,
		settings,
		vocabulary: notes.terms.finish(),
		strings: notes.strings.finish(),
		noteColumns: notes.columns,
		fileVersions: notes.versions,
		chunkTables: notes.chunkTables,
		terms: notes.entries,
		postings: table,
		stats: { ...stats, frequencies },
		reasonNames: SKIP_REASONS,
		skippedReasons: notes.reasons,
	};
}

/** The snapshot's per-note parts, filled note by note. */
class NoteWriter {
	/** The vocabulary in use, in its new order. */
	readonly terms = new StringTableWriter();
	/** Each note's path, tags, aliases and trails, then each skipped file's path. */
	readonly strings = new StringTableWriter();
	readonly oldIds: number[] = [];
	readonly columns: Int32Array;
	readonly versions: Float64Array;
	readonly chunkTables: Int32Array;
	readonly entries: Uint32Array;
	readonly reasons: Uint8Array;
	private readonly newIds: Int32Array;
	private chunkOffset = 0;
	private entryOffset = 0;
	private lastEntry = 0;

	constructor(
		private readonly records: readonly NoteRecord[],
		skipped: readonly SkippedFile[],
		private readonly vocabulary: Vocabulary,
	) {
		this.newIds = new Int32Array(vocabulary.size).fill(-1);
		this.columns = new Int32Array(records.length * NOTE_COLUMNS);
		this.versions = new Float64Array((records.length + skipped.length) * 2);
		this.chunkTables = new Int32Array(records.reduce((sum, record) => sum + record.chunkTable.length, 0));
		this.entries = new Uint32Array(records.reduce((sum, record) => sum + record.terms.length, 0));
		this.reasons = new Uint8Array(skipped.length);
	}

	add(note: number): void {
		const record = this.records[note];
		const { terms, chunkTable } = record;
		const { entries, newIds } = this;
		let offset = (this.lastEntry = this.entryOffset);
		for (let index = 0; index < terms.length; index++) {
			const oldId = entryId(terms[index]);
			entries[offset++] = withEntryId(terms[index], newIds[oldId] === -1 ? this.numberTerm(oldId) : newIds[oldId]);
		}
		this.entryOffset = offset;
		this.chunkTables.set(chunkTable, this.chunkOffset);
		this.chunkOffset += chunkTable.length;
		const row = note * NOTE_COLUMNS;
		this.columns[row + NOTE_TAGS] = record.tags.length;
		this.columns[row + NOTE_ALIASES] = record.aliases.length;
		this.columns[row + NOTE_TRAILS] = record.trails.length;
		this.columns[row + NOTE_CHUNKS] = chunkCountOf(record);
		this.columns[row + NOTE_TERMS] = terms.length;
		this.columns[row + NOTE_TERMS_END] = record.noteTermsEnd;
		this.columns.set(record.noteFieldLengths, row + NOTE_FIELD_LENGTHS);
		for (const string of [record.path, ...record.tags, ...record.aliases, ...record.trails]) this.strings.add(string);
		this.versions[note * 2] = record.mtime;
		this.versions[note * 2 + 1] = record.size;
	}

	/** Joins the strings added since the last call, so that no single step joins them all. */
	joinStrings(): void {
		this.terms.joinBatch();
		this.strings.joinBatch();
	}

	/** The renumbered term entries of the note added last. */
	lastTerms(): Uint32Array {
		return this.entries.subarray(this.lastEntry, this.entryOffset);
	}

	addSkipped(index: number, file: SkippedFile): void {
		this.strings.add(file.path);
		this.versions[(this.records.length + index) * 2] = file.mtime;
		this.versions[(this.records.length + index) * 2 + 1] = file.size;
		this.reasons[index] = SKIP_REASONS.indexOf(file.reason);
	}

	/** Gives a term seen for the first time the next new number. */
	private numberTerm(oldId: number): number {
		this.terms.add(this.vocabulary.termOf(oldId));
		return (this.newIds[oldId] = this.oldIds.push(oldId) - 1);
	}
}

/**
 * `table` with its terms renumbered (new term `t` is old term `oldIds[t]`, terms not listed are
 * left out), in steps: the most frequent terms come first, each with a long list to copy.
 */
function* renumberedTable(table: StoredTable, oldIds: readonly number[]): Generator<void, StoredTable> {
	const offsets = new Uint32Array(oldIds.length * FIELD_COUNT + 1);
	for (let newId = 0; newId < oldIds.length; newId++) {
		for (let field = 0; field < FIELD_COUNT; field++) {
			const slot = newId * FIELD_COUNT + field;
			offsets[slot + 1] = offsets[slot] + listEnd(table, oldIds[newId], field) - listStart(table, oldIds[newId], field);
		}
		if (newId % TERMS_PER_STEP === TERMS_PER_STEP - 1) yield;
	}
	const entries = new Uint32Array(offsets[offsets.length - 1]);
	let cursor = 0;
	let copied = 0;
	for (let newId = 0; newId < oldIds.length; newId++) {
		// A term's lists lie one after the other, field by field: one range to copy.
		const from = listStart(table, oldIds[newId], 0);
		const to = listEnd(table, oldIds[newId], FIELD_COUNT - 1);
		for (let posting = from; posting < to; posting++) entries[cursor++] = table.entries[posting];
		copied += to - from;
		if (newId % TERMS_PER_STEP === TERMS_PER_STEP - 1 || copied >= ENTRIES_PER_STEP) {
			copied = 0;
			yield;
		}
	}
	return { offsets, entries };
}

/** The document frequencies with the terms renumbered: new term `t` is old term `oldIds[t]`. */
function* renumberedRows({ frequencies }: StatsSnapshot, oldIds: readonly number[]): Generator<void, Int32Array> {
	const rows = new Int32Array(oldIds.length * FIELD_COUNT);
	for (let newId = 0; newId < oldIds.length; newId++) {
		for (let field = 0; field < FIELD_COUNT; field++)
			rows[newId * FIELD_COUNT + field] = frequencies[oldIds[newId] * FIELD_COUNT + field];
		if (newId % TERMS_PER_STEP === TERMS_PER_STEP - 1) yield;
	}
	return rows;
}

/** The postings of `records`, numbered as they are, built in steps. */
function* builtTable(records: readonly NoteRecord[], termCount: number): Generator<void, StoredTable> {
	const postings = new InvertedIndex();
	yield* postings.rebuild(records, termCount);
	return { offsets: postings.offsets, entries: postings.entries };
}
