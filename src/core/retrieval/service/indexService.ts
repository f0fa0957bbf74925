import type { Clock, IndexStore, MetadataSource, NoteStore, SavedIndex, TaskScheduler } from "../../ports";
import {
	indexInSlices,
	linkGraphFromResolvedLinks,
	RetrievalIndex,
	type HotSet,
	type IndexPolicy,
	type IndexSnapshot,
	type IndexStats,
	type LinkGraph,
	type NoteInput,
	type SearchHit,
	type SearchOptions,
} from "../index";
import { BuildSuperseded, readNote, readNotes } from "./noteReader";
import { OpenCounts } from "./openCounts";
import { PathEvents } from "./pathEvents";
import { SAVE_QUIET_MS, snapshotDue } from "./snapshotSaving";

/** `metadataCache.resolvedLinks`: source path → target path → number of links. */
export type ResolvedLinks = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** What the service reaches the vault, the device's store and the clock through. */
export interface IndexServicePorts {
	readonly files: Pick<NoteStore, "listFiles" | "read" | "stat">;
	readonly metadata: Pick<MetadataSource, "getMetadata">;
	readonly resolvedLinks: () => ResolvedLinks;
	readonly store: IndexStore;
	/** The present, for the decay of dated notes, open counts and build times. */
	readonly clock: Clock;
	readonly scheduler: TaskScheduler;
	/** A failure the index lives through (a store that failed, a build in the background that broke); the host may log it. */
	readonly onError?: (error: unknown) => void;
}

export interface IndexServiceOptions {
	/**
	 * A time slice ends once it has used this much; the note being indexed then finishes first
	 * (up to ~15 ms for a 300 KB note), so this is half the 30 ms a slice may take.
	 */
	readonly sliceMs?: number;
	/** Reads in flight at once during a build. */
	readonly readAhead?: number;
	readonly saveQuietMs?: number;
	/** How long settings must stay unchanged before the index is re-checked against them. */
	readonly policyQuietMs?: number;
}

export type IndexStatus =
	/** Waiting for the vault to finish loading (layout-ready). */
	| { readonly phase: "waiting" }
	/** Reading the saved index from the device. */
	| { readonly phase: "loading" }
	| { readonly phase: "indexing"; readonly done: number; readonly total: number; readonly finishing: boolean }
	| { readonly phase: "ready" };

export interface BuildReport {
	/** New or changed files the build looked at (read, or skipped by the policy); the others came from the saved snapshot. */
	readonly notesUpdated: number;
	readonly ms: number;
	readonly finishedAt: Date;
	readonly stats: IndexStats;
}

/** A search as callers ask it; the service adds the present, the hot set and the link graph. */
export type MemorySearchOptions = Omit<SearchOptions, "now" | "hotSet" | "links">;

const DEFAULTS: Required<IndexServiceOptions> = { sliceMs: 15, readAhead: 16, saveQuietMs: SAVE_QUIET_MS, policyQuietMs: 1000 };

/**
 * The vault's search index over time: restored from the device at start and checked against the
 * vault's files (path, mtime, size), so that only new and changed notes are read, in time slices;
 * then kept current by the vault's events, each costing O(that note); searched with the hot set
 * and the link graph; saved back when it is worth it. Builds never overlap: a newer one (rebuild,
 * changed settings) supersedes the running one, which stops at its next note.
 */
export class IndexService {
	private readonly options: Required<IndexServiceOptions>;
	private index: RetrievalIndex | null = null;
	private pinned: ReadonlySet<string>;
	private opens = new OpenCounts();
	private links: LinkGraph | null = null;
	private readonly events = new PathEvents();
	/** Which build is current; a build whose number is no longer this one stops. */
	private generation = 0;
	private building = false;
	private closed = false;
	private status: IndexStatus = { phase: "waiting" };
	private readonly listeners = new Set<(status: IndexStatus) => void>();
	private last: BuildReport | null = null;
	private notesChangedSinceSave = 0;
	private snapshotFromScratch = false;
	private opensChanged = false;
	private policyPending = false;
	private cancelSave: (() => void) | null = null;
	private cancelPolicy: (() => void) | null = null;
	private cancelResync: (() => void) | null = null;

	constructor(
		private readonly ports: IndexServicePorts,
		private policy: IndexPolicy,
		pinned: readonly string[],
		options: IndexServiceOptions = {},
	) {
		this.options = { ...DEFAULTS, ...options };
		this.pinned = new Set(pinned);
	}

	/** Restores the saved index and brings it up to date; `null` when a newer build took over. */
	async start(): Promise<BuildReport | null> {
		if (this.status.phase !== "waiting" || this.closed) return null;
		const started = this.ports.scheduler.now();
		const generation = ++this.generation;
		this.setStatus({ phase: "loading" });
		const saved = await this.load();
		if (generation !== this.generation) return null;
		this.opens = OpenCounts.restore(saved.opens);
		const index = this.restore(saved.snapshot);
		// Restoring takes the main thread for a while on a large vault; give it back before going on.
		await this.ports.scheduler.yieldToHost();
		if (generation !== this.generation) return null;
		return this.runBuild(index, generation, started);
	}

	/** Forgets the saved index and indexes every note again. */
	async rebuild(): Promise<BuildReport | null> {
		const started = this.ports.scheduler.now();
		const generation = ++this.generation;
		await this.ports.store.clear().catch((error: unknown) => this.failed(error));
		if (generation !== this.generation || this.closed) return null;
		this.snapshotFromScratch = true;
		this.opensChanged = true;
		return this.runBuild(new RetrievalIndex(this.policy), generation, started);
	}

	/**
	 * New exclusions or a moved assistant folder. Applied once the settings have been still for a
	 * moment (a list edited key by key is one change), and at once by a search, so that no search
	 * ever sees a note the settings now exclude.
	 */
	setPolicy(policy: IndexPolicy): void {
		if (JSON.stringify(policy) === JSON.stringify(this.policy)) return;
		this.policy = policy;
		if (this.index === null) return; // the build that is about to start reads the new policy
		this.policyPending = true;
		this.cancelPolicy?.();
		this.cancelPolicy = this.ports.scheduler.delay(() => this.applyPendingPolicy(), this.options.policyQuietMs);
	}

	setPinned(paths: readonly string[]): void {
		this.pinned = new Set(paths);
	}

	/** A note's new content and metadata, as the metadata cache reports them: nothing is read. */
	noteChanged(note: NoteInput): void {
		if (this.index === null) return; // the build about to start compares every file anyway
		this.events.touch(note.path);
		this.index.upsert(note);
		this.changed(1);
	}

	/** Follows a rename without reading the note, unless the index never had its content. */
	async noteRenamed(from: string, to: string): Promise<void> {
		const index = this.index;
		if (index === null) return;
		this.events.touch(from);
		this.events.touch(to);
		if (this.opens.rename(from, to)) this.opensChanged = true;
		this.changed(1);
		if (index.rename(from, to) !== "needs-content") return;
		const file = this.ports.files.stat(to);
		if (file === null) return;
		const events = this.events.open();
		try {
			const note = await readNote(file, { ...this.ports, policy: index.policy });
			if (note !== null && !events.touched(to) && this.index === index) index.upsert(note);
		} finally {
			events.close();
		}
	}

	noteDeleted(path: string): void {
		if (this.index === null) return;
		this.events.touch(path);
		this.index.remove(path);
		if (this.opens.forget(path)) this.opensChanged = true;
		this.changed(1);
	}

	/** The user or the assistant opened a note: it joins the hot set, or moves up in it. */
	noteOpened(path: string): void {
		if (this.index === null) return; // before the saved counts are back, there is nothing to add to
		this.opens.record(path, this.ports.clock.now().getTime());
		this.opensChanged = true;
		this.scheduleSave();
	}

	/**
	 * Compares the index with the vault's files again, in a moment: after a folder was moved or
	 * deleted, which Obsidian may report for the folder alone. A lookup per file; only what the
	 * events missed is read (nothing, when they reported every file).
	 */
	resync(): void {
		if (this.index === null || this.closed) return;
		this.cancelResync?.();
		this.cancelResync = this.ports.scheduler.delay(() => {
			this.cancelResync = null;
			if (this.index !== null) this.buildInBackground(this.index);
		}, 0);
	}

	/** The metadata cache re-resolved links; the graph is rebuilt at the next search that needs it. */
	linksChanged(): void {
		this.links = null;
	}

	/** The best notes for `query`, best first; empty until the saved index is back. */
	search(query: string, options: MemorySearchOptions = {}): SearchHit[] {
		this.applyPendingPolicy();
		if (this.index === null) return [];
		return this.index.search(query, { ...options, now: this.ports.clock.now(), hotSet: this.hotSet(), links: this.linkGraph() });
	}

	/** Pinned notes and the notes opened often lately: a capped bonus for notes that match anyway. */
	hotSet(): HotSet {
		return { pinned: this.pinned, openCounts: this.opens.weights(this.ports.clock.now().getTime()) };
	}

	stats(): IndexStats | null {
		return this.index?.stats() ?? null;
	}

	currentStatus(): IndexStatus {
		return this.status;
	}

	/** The last build that finished, for the settings tab. */
	lastBuild(): BuildReport | null {
		return this.last;
	}

	/** Calls `listener` on every change of status; returns the function that stops it. */
	onStatus(listener: (status: IndexStatus) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Stops any build and timer, saves what is not saved yet, and lets go of the store. */
	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		this.generation++;
		this.cancelPolicy?.();
		this.cancelResync?.();
		await this.save(true);
		await this.ports.store.close().catch((error: unknown) => this.failed(error));
	}

	private async runBuild(index: RetrievalIndex, generation: number, started: number): Promise<BuildReport | null> {
		const { scheduler } = this.ports;
		const isCurrent = () => generation === this.generation && !this.closed;
		const events = this.events.open();
		this.index = index;
		this.building = true;
		try {
			const sizeBefore = sizeOf(index.stats());
			const toRead = index.reconcile(this.ports.files.listFiles());
			// Files gone or newly skipped by their path change the snapshot as much as those read.
			this.notesChangedSinceSave += toRead.length + Math.abs(sizeOf(index.stats()) - sizeBefore);
			const total = toRead.length;
			this.setStatus({ phase: "indexing", done: 0, total, finishing: false });
			const source = { ...this.ports, policy: index.policy };
			await indexInSlices(index, readNotes(toRead, source, events, isCurrent, this.options.readAhead), {
				sliceMs: this.options.sliceMs,
				now: () => scheduler.now(),
				yieldToHost: () => scheduler.yieldToHost(),
				total,
				onProgress: ({ done, finishing }) => {
					if (isCurrent()) this.setStatus({ phase: "indexing", done, total, finishing });
				},
			});
			if (!isCurrent()) return null;
			this.last = { notesUpdated: total, ms: scheduler.now() - started, finishedAt: this.ports.clock.now(), stats: index.stats() };
		} catch (error) {
			if (error instanceof BuildSuperseded) return null;
			throw error;
		} finally {
			events.close();
			if (isCurrent()) this.building = false;
		}
		this.setStatus({ phase: "ready" });
		this.scheduleSave();
		return this.last;
	}

	private async load(): Promise<SavedIndex> {
		try {
			return await this.ports.store.load();
		} catch (error) {
			this.failed(error);
			return { snapshot: null, opens: null };
		}
	}

	/** The saved index when it still holds; a snapshot of other settings is re-checked and saved anew. */
	private restore(snapshot: IndexSnapshot | null): RetrievalIndex {
		this.snapshotFromScratch = snapshot?.settings !== snapshotSettingsOf(this.policy);
		if (snapshot === null) return new RetrievalIndex(this.policy);
		try {
			return RetrievalIndex.fromSnapshot(snapshot, this.policy);
		} catch {
			// A damaged record: start over, as without one.
			return new RetrievalIndex(this.policy);
		}
	}

	private applyPendingPolicy(): void {
		if (!this.policyPending || this.index === null) return;
		this.policyPending = false;
		this.cancelPolicy?.();
		this.cancelPolicy = null;
		// The index carried over through a snapshot: decoding it under the new policy drops the
		// notes it now excludes at once; the build then reads the ones it now includes.
		const carried = RetrievalIndex.fromSnapshot(this.index.toSnapshot(), this.policy);
		this.snapshotFromScratch = true;
		this.buildInBackground(carried);
	}

	/** A build nobody waits for: it supersedes the running one; a failure is reported, not thrown. */
	private buildInBackground(index: RetrievalIndex): void {
		this.runBuild(index, ++this.generation, this.ports.scheduler.now()).catch((error: unknown) => this.failed(error));
	}

	private linkGraph(): LinkGraph {
		this.links ??= linkGraphFromResolvedLinks(this.ports.resolvedLinks());
		return this.links;
	}

	private changed(notes: number): void {
		this.notesChangedSinceSave += notes;
		this.scheduleSave();
	}

	private scheduleSave(): void {
		if (this.closed) return;
		this.cancelSave?.();
		this.cancelSave = this.ports.scheduler.delay(() => void this.save(false), this.options.saveQuietMs);
	}

	/** Saves the open counts when they changed, and the snapshot when it is due (or at all, when closing). */
	private async save(closing: boolean): Promise<void> {
		this.cancelSave?.();
		this.cancelSave = null;
		const index = this.index;
		// A build schedules a save when it ends; a half-built index is saved only when closing.
		if (index === null || (this.building && !closing)) return;
		const saves: Promise<void>[] = [];
		const notes = index.stats().notes;
		const due = snapshotDue(this.notesChangedSinceSave, notes, this.snapshotFromScratch);
		if (due || (closing && this.notesChangedSinceSave > 0)) {
			const snapshot = index.toSnapshot();
			this.notesChangedSinceSave = 0;
			this.snapshotFromScratch = false;
			saves.push(this.ports.store.saveSnapshot(snapshot).catch((error: unknown) => this.snapshotNotSaved(error)));
		}
		if (this.opensChanged) {
			this.opensChanged = false;
			saves.push(this.ports.store.saveOpens(this.opens.toSaved()).catch((error: unknown) => this.failed(error)));
		}
		await Promise.all(saves);
	}

	private snapshotNotSaved(error: unknown): void {
		this.snapshotFromScratch = true; // try again at the next save
		this.failed(error);
	}

	private failed(error: unknown): void {
		this.ports.onError?.(error);
	}

	private setStatus(status: IndexStatus): void {
		this.status = status;
		for (const listener of this.listeners) listener(status);
	}
}

/** Every file the index knows, indexed or skipped. */
function sizeOf(stats: IndexStats): number {
	return stats.notes + stats.skipped;
}

/**
 * The settings an index under `policy` records in its snapshots (version, policy, chunking). The
 * engine keeps them private; an empty index's snapshot tells them for next to nothing.
 */
function snapshotSettingsOf(policy: IndexPolicy): string {
	return new RetrievalIndex(policy).toSnapshot().settings;
}
