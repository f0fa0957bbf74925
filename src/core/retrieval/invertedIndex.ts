import { DocumentTables } from "./documentTables";
import { entryField, entryId, FIELD_COUNT, ID_LIMIT, withEntryId, type Field } from "./fields";
import { chunkCountOf, type NoteRecord } from "./noteRecord";

/** The postings table as a snapshot stores it. */
export interface StoredTable {
	readonly offsets: Uint32Array;
	readonly entries: Uint32Array;
}

/** Notes numbered between two yields of a rebuild: small enough to keep a time slice short. */
const REBUILD_BATCH = 64;
/** Below this many stale entries, never bother rebuilding. */
const MIN_COMPACTION = 65_536;

/**
 * Term → chunk postings, derived from the notes' forward entries, one list per term and field
 * (so that a search can weigh, order and skip them one by one). The bulk lives in one
 * compressed-sparse-row table: the list of term `t` in field `f` is `entries[from .. to)` with
 * `from = offsets[t * FIELD_COUNT + f]` and `to` the next offset, four bytes a posting and no
 * object per term. Changes after it was built go to a small per-term `delta`; removed notes'
 * chunks are only marked dead. When dead and delta postings outgrow a quarter of the table, the
 * index declares itself stale and is rebuilt from the forward entries (in slices, or before the
 * next search), so that a single update stays O(that note) and the occasional rebuild is
 * amortized over many.
 */
export class InvertedIndex {
	offsets: Uint32Array = new Uint32Array(1);
	entries: Uint32Array = new Uint32Array(0);
	/** Postings added since the table was built, by term, all fields mixed. */
	readonly delta = new Map<number, number[]>();
	tables = new DocumentTables();
	private stalePostings = 0;
	/** An empty index starts stale: a first build goes straight to the compact table, not through the delta. */
	private current = false;

	/** Whether the postings reflect every note; when not, `rebuild` must run before a search. */
	get isCurrent(): boolean {
		return this.current;
	}

	/** Whether the table alone holds every posting (no delta, no dead chunks): what a snapshot stores. */
	get isCompact(): boolean {
		return this.current && this.stalePostings === 0;
	}

	/** Marks the postings stale, so that the next `rebuild` compacts them. */
	invalidate(): void {
		this.current = false;
	}

	/**
	 * The table with the terms renumbered (new term `t` is old term `oldIds[t]`), for a snapshot
	 * of a compact index; its chunk numbers hold for the notes in the order they were placed.
	 */
	snapshotTable(oldIds: Int32Array): StoredTable {
		const offsets = new Uint32Array(oldIds.length * FIELD_COUNT + 1);
		oldIds.forEach((oldId, newId) => {
			for (let field = 0; field < FIELD_COUNT; field++) {
				const length = this.listEnd(oldId, field as Field) - this.listStart(oldId, field as Field);
				offsets[newId * FIELD_COUNT + field + 1] = offsets[newId * FIELD_COUNT + field] + length;
			}
		});
		const entries = new Uint32Array(offsets[offsets.length - 1]);
		oldIds.forEach((oldId, newId) => {
			const from = this.listStart(oldId, 0);
			entries.set(this.entries.subarray(from, this.listEnd(oldId, (FIELD_COUNT - 1) as Field)), offsets[newId * FIELD_COUNT]);
		});
		return { offsets, entries };
	}

	/** Takes back a stored table, for the same notes placed in the same order as when it was stored. */
	restore(records: readonly NoteRecord[], table: StoredTable): void {
		this.tables = new DocumentTables();
		for (const record of records) this.tables.place(record);
		this.offsets = table.offsets;
		this.entries = table.entries;
		this.delta.clear();
		this.stalePostings = 0;
		this.current = true;
	}

	/** Where the table's list of the term in the field starts (see `listEnd`). */
	listStart(termId: number, field: Field): number {
		const slot = termId * FIELD_COUNT + field;
		return slot + 1 < this.offsets.length ? this.offsets[slot] : 0;
	}

	listEnd(termId: number, field: Field): number {
		const slot = termId * FIELD_COUNT + field;
		return slot + 1 < this.offsets.length ? this.offsets[slot + 1] : 0;
	}

	/** The live notes (by number) whose postings include the term in the field. */
	notesWith(termId: number, field: Field): number[] {
		const notes: number[] = [];
		const { chunkLive, chunkNote } = this.tables;
		const visit = (posting: number) => {
			const chunk = entryId(posting);
			if (entryField(posting) === field && chunkLive[chunk] === 1) notes.push(chunkNote[chunk]);
		};
		this.entries.subarray(this.listStart(termId, field), this.listEnd(termId, field)).forEach(visit);
		this.delta.get(termId)?.forEach(visit);
		return [...new Set(notes)];
	}

	add(record: NoteRecord): void {
		if (!this.current) return;
		const tooMany = this.tables.chunkCount + chunkCountOf(record) >= ID_LIMIT;
		if (tooMany || this.stalePostings > Math.max(MIN_COMPACTION, this.entries.length / 4)) {
			this.current = false;
			return;
		}
		const noteId = this.tables.place(record);
		const chunks = this.tables.chunksOfEntries(noteId);
		const terms = record.terms;
		for (let index = 0; index < terms.length; index++) {
			const termId = entryId(terms[index]);
			let postings = this.delta.get(termId);
			if (postings === undefined) {
				postings = [];
				this.delta.set(termId, postings);
			}
			postings.push(withEntryId(terms[index], chunks[index]));
		}
		this.stalePostings += terms.length;
	}

	remove(record: NoteRecord): void {
		if (this.current && this.tables.retire(record)) this.stalePostings += record.terms.length;
	}

	/**
	 * Rebuilds everything from `records`, yielding between batches of notes; the new postings
	 * replace the old ones only at the end, so an abandoned rebuild leaves nothing half done.
	 * A counting sort: one pass counts each list, one places each posting.
	 */
	*rebuild(records: readonly NoteRecord[], vocabularySize: number): Generator<void, void> {
		const tables = new DocumentTables();
		const lists = vocabularySize * FIELD_COUNT;
		const offsets = new Uint32Array(lists + 1);
		for (let index = 0; index < records.length; index++) {
			tables.place(records[index]);
			const terms = records[index].terms;
			for (let entry = 0; entry < terms.length; entry++) offsets[listOf(terms[entry]) + 1]++;
			if (index % REBUILD_BATCH === REBUILD_BATCH - 1) yield;
		}
		for (let list = 1; list <= lists; list++) offsets[list] += offsets[list - 1];
		const entries = new Uint32Array(offsets[lists]);
		const cursors = offsets.slice(0, lists);
		for (let index = 0; index < records.length; index++) {
			const terms = records[index].terms;
			const chunks = tables.chunksOfEntries(index);
			for (let entry = 0; entry < terms.length; entry++) {
				entries[cursors[listOf(terms[entry])]++] = withEntryId(terms[entry], chunks[entry]);
			}
			if (index % REBUILD_BATCH === REBUILD_BATCH - 1) yield;
		}
		this.tables = tables;
		this.offsets = offsets;
		this.entries = entries;
		this.delta.clear();
		this.stalePostings = 0;
		this.current = true;
	}
}

/** The list a note's term entry goes to. */
function listOf(entry: number): number {
	return entryId(entry) * FIELD_COUNT + entryField(entry);
}
