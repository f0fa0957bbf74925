import { DEFAULT_CHUNKING } from "./notes/chunker";
import { CollectionStats } from "./indexing/collectionStats";
import { skipReasonForFile, type IndexPolicy, type SkipReason } from "../vault/indexPolicy";
import { baseName } from "../vault/paths";
import { NOTES_PER_STEP, SNAPSHOT_VERSION, type IndexSnapshot, type SkippedFile } from "./indexing/indexSnapshot";
import { indexStatsOf, type IndexStats } from "./indexing/indexStats";
import { InvertedIndex } from "./indexing/invertedIndex";
import { KeywordSearch, type FoundByMeaning, type HitRules } from "./keywordSearch";
import { NoteAnalyzer } from "./notes/noteAnalyzer";
import type { FileVersion, NoteInput } from "./notes/noteInput";
import type { NoteRecord } from "./indexing/noteRecord";
import type { PassageOptions } from "./notes/passageSplitter";
import { DEFAULT_RANKING, type RankingParams } from "./ranking/rankingParams";
import type { SearchHit, SearchOptions } from "./searchTypes";
import { decodeSnapshot } from "./indexing/snapshotDecoder";
import { encodeSnapshot } from "./indexing/snapshotEncoder";
import { runToEnd } from "./indexing/steps";
import { QueryCorrectors } from "./query/queryCorrectors";
import { Vocabulary } from "./indexing/vocabulary";

export interface RetrievalIndexOptions {
	readonly ranking?: Partial<RankingParams>;
	readonly chunking?: PassageOptions;
}

/** A file as the vault lists it, before anything is read. */
export interface FileEntry extends FileVersion {
	readonly path: string;
}

/** What became of a renamed note: moved in the index, skipped at its new path, or to be read again. */
export type RenameOutcome = "renamed" | "needs-content" | SkipReason;

/** Files `reconcileSteps` compares with the index per step (a few milliseconds on a slow phone). */
const FILES_PER_STEP = 512;

/** Skip reasons that travel with the content, so a renamed file keeps them without being read. */
const CONTENT_REASONS: readonly SkipReason[] = ["private", "excluded-tag", "unreadable-frontmatter"];

/**
 * The search index of a vault: pure, synchronous, fed note by note (`upsert`, `remove`,
 * `rename`, each O(that note)), searched with `search`, saved with `toSnapshot`. It reads
 * nothing itself: the caller lists and reads files and passes the clock, hot set and link graph.
 */
export class RetrievalIndex {
	readonly params: RankingParams;
	private readonly vocabulary = new Vocabulary();
	private readonly analyzer: NoteAnalyzer;
	private readonly collection = new CollectionStats();
	private readonly postings = new InvertedIndex();
	private readonly correctors = new QueryCorrectors(this.vocabulary, this.postings);
	private readonly records = new Map<string, NoteRecord>();
	private readonly skipped = new Map<string, SkippedFile>();
	/** The notes being analyzed in steps, each told when it changes meanwhile (`touch`). */
	private readonly analyzing = new Map<string, { touched: boolean }>();
	private readonly searcher: KeywordSearch;
	/**
	 * What the index is built under (snapshot version, policy, chunking), as its snapshots record
	 * it: a snapshot made under other settings is re-checked when restored, not taken as it is.
	 */
	readonly settings: string;
	/** Counts changes, so that a rebuild of the postings in slices knows when to start over. */
	private version = 0;

	constructor(
		readonly policy: IndexPolicy,
		options: RetrievalIndexOptions = {},
	) {
		this.params = { ...DEFAULT_RANKING, ...options.ranking };
		this.searcher = new KeywordSearch({
			params: this.params,
			vocabulary: this.vocabulary,
			collection: this.collection,
			postings: this.postings,
			correctors: this.correctors,
			records: this.records,
		});
		const chunking = options.chunking ?? DEFAULT_CHUNKING;
		this.analyzer = new NoteAnalyzer(this.vocabulary, chunking);
		this.settings = JSON.stringify({ version: SNAPSHOT_VERSION, policy, chunking });
	}

	/** An index restored from a snapshot; an unusable snapshot (another version, damaged) gives an empty one. */
	static fromSnapshot(
		snapshot: IndexSnapshot,
		policy: IndexPolicy,
		options: RetrievalIndexOptions = {},
	): RetrievalIndex {
		return runToEnd(RetrievalIndex.restoreSteps(snapshot, policy, options));
	}

	/** `fromSnapshot` in steps of bounded work, for a caller that spreads it over time slices. */
	static *restoreSteps(
		snapshot: IndexSnapshot,
		policy: IndexPolicy,
		options: RetrievalIndexOptions = {},
	): Generator<void, RetrievalIndex> {
		const index = new RetrievalIndex(policy, options);
		const decoded = yield* decodeSnapshot(snapshot, policy, index.settings, index.vocabulary);
		// An unusable snapshot may have left some of its terms behind.
		if (decoded === null) return new RetrievalIndex(policy, options);
		const { records, skipped, stored } = decoded;
		for (const file of skipped) index.skipped.set(file.path, file);
		for (let note = 0; note < records.length; note++) {
			// As saved, the postings and statistics are taken back, not rebuilt.
			if (stored !== null) index.records.set(records[note].path, records[note]);
			else index.addRecord(records[note]);
			if (note % NOTES_PER_STEP === NOTES_PER_STEP - 1) yield;
		}
		if (stored !== null) {
			index.collection.restore(stored.stats);
			yield* index.postings.restore(records, stored.postings);
		}
		return index;
	}

	/** The index as it can be saved. */
	toSnapshot(): IndexSnapshot {
		return runToEnd(this.snapshotSteps());
	}

	/**
	 * `toSnapshot` in steps of bounded work. The snapshot is of the index as it is at the first
	 * step: a change between two steps is left for the next snapshot (until then, the changed
	 * note's mtime tells a warm start to read it again).
	 */
	*snapshotSteps(): Generator<void, IndexSnapshot> {
		const compact = this.postings.compactTable;
		// A compact table's chunk numbers hold for the notes in the order they were placed.
		const records =
			compact === null ? [...this.records.values()] : this.postings.tables.notes.flatMap((record) => record ?? []);
		return yield* encodeSnapshot({
			records,
			skipped: [...this.skipped.values()],
			vocabulary: this.vocabulary,
			postings: compact,
			stats: this.collection.snapshot(),
			settings: this.settings,
		});
	}

	/**
	 * Compares the index with the vault's files: forgets files that are gone, records the ones
	 * the policy skips by path or size, and returns those to read and `upsert` (new or changed,
	 * by mtime and size). On a warm start from a snapshot of an unchanged vault, that is none.
	 */
	reconcile(files: readonly FileEntry[]): FileEntry[] {
		return runToEnd(this.reconcileSteps(files));
	}

	/**
	 * `reconcile` in steps of bounded work, for a caller that spreads it over time slices. A path
	 * `touched` says an event changed since the listing was made is left as the event left it:
	 * neither compared with the listing nor forgotten for missing from it (a note renamed meanwhile).
	 */
	*reconcileSteps(
		files: readonly FileEntry[],
		touched: (path: string) => boolean = () => false,
	): Generator<void, FileEntry[]> {
		const present = new Set<string>();
		const toRead: FileEntry[] = [];
		for (let at = 0; at < files.length; at++) {
			const file = files[at];
			if (at % FILES_PER_STEP === FILES_PER_STEP - 1) yield;
			present.add(file.path);
			if (touched(file.path)) continue;
			const known = this.records.get(file.path) ?? this.skipped.get(file.path);
			const current = known !== undefined && known.mtime === file.mtime && known.size === file.size;
			if (current && !("reason" in known && known.reason === "no-metadata")) continue;
			if (this.checkFile(file) === null) toRead.push(file);
		}
		const indexed = [...this.records.keys(), ...this.skipped.keys()];
		for (let at = 0; at < indexed.length; at++) {
			if (at % FILES_PER_STEP === FILES_PER_STEP - 1) yield;
			if (!present.has(indexed[at]) && !touched(indexed[at])) this.remove(indexed[at]);
		}
		return toRead;
	}

	/** The reason to skip a file that its path and size give (recorded as skipped), or `null` to read it. */
	checkFile(file: FileEntry): SkipReason | null {
		const reason = skipReasonForFile(file.path, file.size, this.policy);
		if (reason !== null) this.markSkipped(file, reason);
		return reason;
	}

	/** Indexes a new or changed note; returns why it was skipped instead, or `null`. */
	upsert(note: NoteInput): SkipReason | null {
		return runToEnd(this.upsertSteps(note));
	}

	/**
	 * `upsert` in steps (a long note's text a part at a time), for a caller that spreads it over
	 * time slices. A change to the same note between two steps is newer: this one is dropped.
	 */
	*upsertSteps(note: NoteInput): Generator<void, SkipReason | null> {
		// An older analysis of the same note still under way loses to this one.
		this.touch(note.path);
		const watch = { touched: false };
		this.analyzing.set(note.path, watch);
		let analyzed: NoteRecord | SkipReason;
		try {
			analyzed = yield* this.analyzer.analyzeSteps(note, this.policy);
		} finally {
			if (this.analyzing.get(note.path) === watch) this.analyzing.delete(note.path);
		}
		// Changed, removed or renamed meanwhile (even before the index had it): what is known now is newer.
		if (watch.touched) return null;
		if (typeof analyzed === "string") {
			this.markSkipped({ path: note.path, ...note.stat }, analyzed);
			return analyzed;
		}
		this.remove(note.path);
		this.addRecord(analyzed);
		return null;
	}

	remove(path: string): void {
		this.touch(path);
		this.skipped.delete(path);
		const record = this.records.get(path);
		if (record === undefined) return;
		this.records.delete(path);
		this.collection.remove(record);
		this.postings.remove(record);
		this.searcher.noteRemoved(record);
		this.version++;
	}

	/** Tells an analysis of the note at `path` under way that it is out of date. */
	private touch(path: string): void {
		const watch = this.analyzing.get(path);
		if (watch !== undefined) watch.touched = true;
	}

	/** Follows a rename without reading the note, unless the index never had its content. */
	rename(from: string, to: string): RenameOutcome {
		const record = this.records.get(from);
		const skip = this.skipped.get(from);
		this.remove(from);
		this.remove(to);
		if (record !== undefined) {
			const reason = skipReasonForFile(to, record.size, this.policy);
			if (reason === null) this.addRecord(this.analyzer.moved(record, to, this.policy));
			else this.markSkipped({ path: to, mtime: record.mtime, size: record.size }, reason);
			return reason ?? "renamed";
		}
		if (skip === undefined || !CONTENT_REASONS.includes(skip.reason)) return "needs-content";
		const reason = skipReasonForFile(to, skip.size, this.policy) ?? skip.reason;
		this.markSkipped({ path: to, mtime: skip.mtime, size: skip.size }, reason);
		return reason;
	}

	/** The paths left out for `reason`, in path order, at most `limit` of them: what the user can fix. */
	skippedFor(reason: SkipReason, limit: number): string[] {
		const paths: string[] = [];
		for (const [path, skip] of this.skipped) if (skip.reason === reason) paths.push(path);
		return paths.sort().slice(0, limit);
	}

	stats(): IndexStats {
		return indexStatsOf(
			this.collection.noteCount,
			this.collection.chunkCount,
			this.vocabulary.size,
			this.skipped.values(),
		);
	}

	/** Whether the next search can start at once (otherwise it first rebuilds the postings). */
	get isReady(): boolean {
		return this.postings.isCurrent;
	}

	/** Whether the postings would be smaller and faster rebuilt (`catchUp`), though they answer searches as they are. */
	get needsCompaction(): boolean {
		return this.postings.compactionDue;
	}

	/**
	 * Brings the postings up to date, and compacts them when that is due, in small steps, for a
	 * caller that spreads the work over time slices; a rebuild starts over when the index changes
	 * between two steps.
	 */
	*catchUp(): Generator<void, void> {
		while (!this.postings.isCurrent || this.postings.compactionDue) {
			const version = this.version;
			const steps = this.postings.rebuild([...this.records.values()], this.vocabulary.size);
			while (this.version === version && !steps.next().done) yield;
		}
	}

	/** Takes a note's new words into the typo index as a build adds it (see `QueryCorrectors.keepUp`). */
	keepTypoCorrectionUp(): Generator<void, void> {
		return this.correctors.keepUp();
	}

	/** Indexes the vocabulary for typo correction and lone CJK characters in small steps (see `QueryCorrectors.prepare`). */
	prepareTypoCorrection(): Generator<void, void> {
		return this.correctors.prepare();
	}

	/** The best notes for `query`, best first (see `KeywordSearch`). */
	search(query: string, options: SearchOptions): SearchHit[] {
		// Only postings that miss notes hold a search up; a compaction that is due waits for time slices.
		if (!this.postings.isCurrent) runToEnd(this.catchUp());
		return this.searcher.search(query, options);
	}

	/** Notes found by meaning as keyword search's hits read, held to its filters (see `KeywordSearch.locate`). */
	locate(found: readonly FoundByMeaning[], query: string, options: HitRules): SearchHit[] {
		return this.searcher.locate(found, query, options);
	}

	/** Whether a search for `query` under `options` may find the note at `path` (see `KeywordSearch.admitting`). */
	admitting(query: string, options: HitRules): (path: string) => boolean {
		return this.searcher.admitting(query, options);
	}

	/** The notes the index holds: those the rules show that it could read. */
	notePaths(): string[] {
		return [...this.records.keys()];
	}

	/** What a query may name the note by: its title and its aliases; none for a note the index does not hold. */
	namesOf(path: string): string[] {
		const record = this.records.get(path);
		return record === undefined ? [] : [baseName(path), ...record.aliases];
	}

	private addRecord(record: NoteRecord): void {
		this.records.set(record.path, record);
		this.collection.add(record);
		this.postings.add(record);
		this.searcher.noteAdded(record);
		this.version++;
	}

	private markSkipped(file: FileEntry, reason: SkipReason): void {
		this.remove(file.path);
		this.skipped.set(file.path, { path: file.path, mtime: file.mtime, size: file.size, reason });
	}
}
