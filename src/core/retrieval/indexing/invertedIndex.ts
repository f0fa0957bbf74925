import { CHUNK_ROW, DocumentTables, ROW_NOTE } from "./documentTables";
import { entryField, entryId, FIELD_COUNT, ID_LIMIT, withEntryId, type Field } from "./fields";
import { chunkCountOf, type NoteRecord } from "./noteRecord";
import { pagedIn } from "./typedArrays";

/** The postings table as a snapshot stores it. */
export interface StoredTable {
	readonly offsets: Uint32Array;
	readonly entries: Uint32Array;
}

/**
 * Work between two yields of a rebuild or a restore, in postings counted or placed, lists summed
 * or chunks numbered: a couple of milliseconds on a slow device, whatever the notes' sizes (a
 * count of notes let a batch of long notes hold the main thread for a tenth of a second).
 */
export const WORK_PER_STEP = 1 << 14;
/** Below this many stale entries, never bother rebuilding. */
const MIN_COMPACTION = 65_536;

/**
 * Term → chunk postings, derived from the notes' forward entries, one list per term and field
 * (so that a search can weigh, order and skip them one by one). The bulk lives in one
 * compressed-sparse-row table: the list of term `t` in field `f` is `entries[from .. to)` with
 * `from = offsets[t * FIELD_COUNT + f]` and `to` the next offset, four bytes a posting and no
 * object per term. Changes after it was built go to a small per-term `delta`; removed notes'
 * chunks are only marked dead. When dead and delta postings outgrow a quarter of the table, a
 * rebuild from the forward entries is due (`compactionDue`), run in time slices by whoever feeds
 * the index, while the delta keeps answering searches; so a single update stays O(that note),
 * the occasional rebuild is amortized over many, and no search waits for one.
 */
export class InvertedIndex {
	offsets: Uint32Array = new Uint32Array(1);
	entries: Uint32Array = new Uint32Array(0);
	/** Postings added since the table was built, by term, all fields mixed. */
	readonly delta = new Map<number, number[]>();
	tables = new DocumentTables();
	private stalePostings = 0;
	/** Whether a note was placed or retired since the table was built: then the table alone is not the index. */
	private edited = false;
	/** An empty index starts stale: a first build goes straight to the compact table, not through the delta. */
	private current = false;

	/** Whether the postings reflect every note; when not, `rebuild` must run before a search. */
	get isCurrent(): boolean {
		return this.current;
	}

	/**
	 * Whether dead and delta postings have outgrown a quarter of the table, so that a rebuild
	 * pays for itself. The postings still answer every search meanwhile: the rebuild can wait
	 * for time slices instead of holding up the search that finds it due.
	 */
	get compactionDue(): boolean {
		return this.current && this.stalePostings > this.compactionThreshold;
	}

	private get compactionThreshold(): number {
		return Math.max(MIN_COMPACTION, this.entries.length / 4);
	}

	/**
	 * The table, when it alone holds every posting (no delta, no retired note), for a snapshot
	 * of the notes in the order they were placed; `null` otherwise. It is never changed in place.
	 */
	get compactTable(): StoredTable | null {
		return this.current && !this.edited ? { offsets: this.offsets, entries: this.entries } : null;
	}

	/**
	 * Takes back a stored table, for the same notes placed in the same order as when it was
	 * stored, yielding after each `WORK_PER_STEP` chunks or so.
	 */
	*restore(records: readonly NoteRecord[], table: StoredTable): Generator<void, void> {
		const tables = new DocumentTables();
		let work = 0;
		for (let index = 0; index < records.length; index++) {
			tables.place(records[index]);
			work += chunkCountOf(records[index]) + 1;
			if (work >= WORK_PER_STEP) {
				work = 0;
				yield;
			}
		}
		this.install(tables, table);
	}

	/** Where the table's list of the term in the field starts (see `listEnd`). */
	listStart(termId: number, field: Field): number {
		return listStart(this, termId, field);
	}

	listEnd(termId: number, field: Field): number {
		return listEnd(this, termId, field);
	}

	/** The live notes (by number) whose postings include the term in the field. */
	notesWith(termId: number, field: Field): number[] {
		const notes: number[] = [];
		const { chunks } = this.tables;
		const visit = (posting: number) => {
			const note = chunks[entryId(posting) * CHUNK_ROW + ROW_NOTE];
			if (entryField(posting) === field && note >= 0) notes.push(note);
		};
		this.entries.subarray(this.listStart(termId, field), this.listEnd(termId, field)).forEach(visit);
		this.delta.get(termId)?.forEach(visit);
		return [...new Set(notes)];
	}

	add(record: NoteRecord): void {
		if (!this.current) return;
		// Past twice the share that makes a rebuild due, one that edits kept from finishing (each
		// change starts it over) is left to the next search, so the delta cannot grow without end.
		const overdue = this.stalePostings > 2 * this.compactionThreshold;
		if (overdue || this.tables.chunkCount + chunkCountOf(record) >= ID_LIMIT) {
			this.current = false;
			return;
		}
		const noteId = this.tables.place(record);
		this.edited = true;
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
		if (!this.current || !this.tables.retire(record)) return;
		this.stalePostings += record.terms.length;
		this.edited = true;
	}

	/**
	 * Rebuilds everything from `records`, yielding after each `WORK_PER_STEP` postings or so; the
	 * new postings replace the old ones only at the end, so an abandoned rebuild leaves nothing
	 * half done.
	 * A counting sort: one pass counts each list, one places each posting.
	 */
	*rebuild(records: readonly NoteRecord[], vocabularySize: number): Generator<void, void> {
		const tables = new DocumentTables();
		const lists = vocabularySize * FIELD_COUNT;
		const offsets = new Uint32Array(lists + 1);
		let work = 0;
		for (let index = 0; index < records.length; index++) {
			tables.place(records[index]);
			const terms = records[index].terms;
			for (let entry = 0; entry < terms.length; entry++) offsets[listOf(terms[entry]) + 1]++;
			work += terms.length + chunkCountOf(records[index]);
			if (work >= WORK_PER_STEP) {
				work = 0;
				yield;
			}
		}
		// Every list, even an empty one: a vocabulary of a million terms makes six million.
		for (let list = 1; list <= lists; list++) {
			offsets[list] += offsets[list - 1];
			if (list % WORK_PER_STEP === 0) yield;
		}
		const entries = new Uint32Array(offsets[lists]);
		// Placed all over the table below: its memory comes in first, in order.
		yield* pagedIn(entries);
		const cursors = offsets.slice(0, lists);
		for (let index = 0; index < records.length; index++) {
			const terms = records[index].terms;
			const chunks = tables.chunksOfEntries(index);
			for (let entry = 0; entry < terms.length; entry++) {
				entries[cursors[listOf(terms[entry])]++] = withEntryId(terms[entry], chunks[entry]);
			}
			work += terms.length;
			if (work >= WORK_PER_STEP) {
				work = 0;
				yield;
			}
		}
		this.install(tables, { offsets, entries });
	}

	/** The postings as `table` and `tables` say, and nothing else. */
	private install(tables: DocumentTables, table: StoredTable): void {
		this.tables = tables;
		this.offsets = table.offsets;
		this.entries = table.entries;
		this.delta.clear();
		this.stalePostings = 0;
		this.edited = false;
		this.current = true;
	}
}

/** Where `table`'s list of the term in the field starts; a term newer than the table has an empty list. */
export function listStart(table: StoredTable, termId: number, field: number): number {
	const slot = termId * FIELD_COUNT + field;
	return slot + 1 < table.offsets.length ? table.offsets[slot] : 0;
}

export function listEnd(table: StoredTable, termId: number, field: number): number {
	const slot = termId * FIELD_COUNT + field;
	return slot + 1 < table.offsets.length ? table.offsets[slot + 1] : 0;
}

/** The list a note's term entry goes to. */
function listOf(entry: number): number {
	return entryId(entry) * FIELD_COUNT + entryField(entry);
}
