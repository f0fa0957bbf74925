import { BackgroundWork } from "./backgroundWork";
import type { SavedIndex } from "./indexStore";
import {
	ResolvedLinkGraph,
	RetrievalIndex,
	type HotSet,
	type IndexPolicy,
	type IndexStats,
	type LinkGraph,
	type NoteInput,
	type SearchHit,
	type Slicing,
} from "../index";
import type { KeywordIndex } from "../meaning/hybridSearch";
import type { SearchOptions } from "../searchTypes";
import { judgedByView, readNote, type NoteSource } from "./noteReader";
import { OpenCounts } from "./openCounts";
import { PathEvents } from "./pathEvents";
import { PolicyChanges } from "./policyChanges";
import { restoreInSlices } from "./snapshotRestoring";
import type {
	BuildReport,
	IndexServiceOptions,
	IndexServicePorts,
	IndexStatus,
	MemorySearchOptions,
} from "./serviceTypes";
import { IndexSaver, SAVE_QUIET_MS } from "./snapshotSaving";
import { passOverVault } from "./vaultPass";

export type {
	BuildReport,
	IndexServiceOptions,
	IndexServicePorts,
	IndexStatus,
	MemorySearchOptions,
	ResolvedLinks,
} from "./serviceTypes";

const DEFAULTS: Required<IndexServiceOptions> = {
	sliceMs: 15,
	readAhead: 16,
	saveQuietMs: SAVE_QUIET_MS,
	policyQuietMs: 1000,
};

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
	private links: ResolvedLinkGraph | null = null;
	private readonly events = new PathEvents();
	/** Which build is current; a build whose number is no longer this one stops. */
	private generation = 0;
	private building = false;
	private closed = false;
	private status: IndexStatus = { phase: "waiting" };
	private readonly listeners = new Set<(status: IndexStatus) => void>();
	private last: BuildReport | null = null;
	private readonly slicing: Slicing;
	private readonly saver: IndexSaver;
	private readonly policyChanges: PolicyChanges;
	private readonly background: BackgroundWork;
	private cancelResync: (() => void) | null = null;

	constructor(
		private readonly ports: IndexServicePorts,
		private policy: IndexPolicy,
		pinned: readonly string[],
		options: IndexServiceOptions = {},
	) {
		this.options = { ...DEFAULTS, ...options };
		this.pinned = new Set(pinned);
		const slicing = {
			sliceMs: this.options.sliceMs,
			now: () => ports.scheduler.now(),
			yieldToHost: () => ports.scheduler.yieldToHost(),
		};
		const failed = (error: unknown) => this.failed(error);
		this.slicing = slicing;
		this.background = new BackgroundWork(slicing, failed);
		this.saver = new IndexSaver({
			store: ports.store,
			scheduler: ports.scheduler,
			quietMs: this.options.saveQuietMs,
			slicing,
			// A build schedules a save when it ends; a half-built index is saved only when closing.
			index: (closing) => (this.building && !closing ? null : this.index),
			opens: () => this.opens.toSaved(),
			failed,
		});
		this.policyChanges = new PolicyChanges({
			scheduler: ports.scheduler,
			quietMs: this.options.policyQuietMs,
			slicing,
			index: () => (this.closed ? null : this.index),
			adopt: (carried) => {
				this.saver.startAnew();
				this.buildInBackground(carried);
			},
			failed,
		});
	}

	/** Restores the saved index and brings it up to date; `null` when a newer build took over. */
	async start(): Promise<BuildReport | null> {
		if (this.status.phase !== "waiting" || this.closed) return null;
		const started = this.ports.scheduler.now();
		const generation = ++this.generation;
		this.setStatus({ phase: "loading" });
		const saved = await this.ports.store.load().catch((error: unknown): SavedIndex => {
			this.failed(error);
			return { snapshot: null, opens: null };
		});
		if (generation !== this.generation) return null;
		this.opens = OpenCounts.restore(saved.opens);
		const { index, asSaved } = await restoreInSlices(saved.snapshot, this.policy, this.ports.scheduler, this.slicing);
		if (!asSaved) this.saver.startAnew();
		// A restored vocabulary comes whole: its typo index is made in slices beside the build, not
		// by the first query with a typo.
		this.background.run(index.prepareTypoCorrection(), () => generation === this.generation && !this.closed);
		// The build starts with a pass over every file: not at the end of the last slice of restoring.
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
		this.saver.startAnew();
		this.saver.openCountsChanged();
		return this.runBuild(new RetrievalIndex(this.policy), generation, started);
	}

	/** New exclusions or a moved assistant folder (see `PolicyChanges`). */
	setPolicy(policy: IndexPolicy): void {
		if (JSON.stringify(policy) === JSON.stringify(this.policy)) return;
		this.policy = policy;
		if (this.index === null) return; // the build that is about to start reads the new policy
		this.policyChanges.changed(policy);
	}

	setPinned(paths: readonly string[]): void {
		this.pinned = new Set(paths);
	}

	/** A note's new content and metadata, as the metadata cache reports them: nothing is read. */
	noteChanged(note: NoteInput): void {
		if (this.index === null) return; // the build about to start compares every file anyway
		this.events.touch(note.path);
		this.index.upsert(judgedByView(note, this.ports.notes));
		this.changed(1);
	}

	/** Follows a rename without reading the note, unless the index never had its content. */
	async noteRenamed(from: string, to: string): Promise<void> {
		const index = this.index;
		if (index === null) return;
		this.events.touch(from);
		this.events.touch(to);
		if (this.opens.rename(from, to)) this.saver.openCountsChanged();
		this.changed(1);
		if (index.rename(from, to) !== "needs-content") return;
		const file = this.ports.files.stat(to);
		if (file === null) return;
		const events = this.events.open();
		try {
			const note = await readNote(file, this.noteSource(index.policy));
			if (note !== null && !events.touched(to) && this.index === index) index.upsert(note);
		} finally {
			events.close();
		}
	}

	noteDeleted(path: string): void {
		if (this.index === null) return;
		this.events.touch(path);
		this.index.remove(path);
		if (this.opens.forget(path)) this.saver.openCountsChanged();
		this.changed(1);
	}

	/**
	 * The user opened a note in an editor (Obsidian's `file-open`): it joins the hot set, or moves
	 * up in it. What the assistant reads for the user is not counted, so that its own searches
	 * cannot lift the notes they happen to find.
	 */
	noteOpened(path: string): void {
		if (this.index === null) return; // before the saved counts are back, there is nothing to add to
		this.opens.record(path, this.ports.clock.now().getTime());
		this.saver.openCountsChanged();
		this.saver.schedule();
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

	/**
	 * The best notes for `query`, best first, among the notes the view shows now: the index may lag
	 * behind an edit that just made a note private (the event is on its way), and a hit on such a
	 * note is dropped. Empty until the saved index is back.
	 */
	search(query: string, options: MemorySearchOptions = {}): SearchHit[] {
		this.policyChanges.applyNow();
		if (this.index === null) return [];
		const hits = this.index.search(query, this.searchOptions(options));
		return hits.filter((hit) => this.shown(hit.path));
	}

	/** A search's options with what the service adds to every search: today, the hot set, the link graph. */
	searchOptions(options: MemorySearchOptions): SearchOptions {
		return { ...options, now: this.ports.clock.now(), hotSet: this.hotSet(), links: this.linkGraph() };
	}

	/**
	 * The index as a hybrid search fuses it with search by meaning, every answer held to the notes
	 * the view shows now, as `search`'s are; `null` before the saved index is back.
	 */
	fusable(): KeywordIndex | null {
		const index = this.index;
		if (index === null) return null;
		const shown = (path: string) => this.shown(path);
		return {
			search: (query, options) => this.search(query, options),
			locate: (found, query, options) => index.locate(found, query, options).filter((hit) => shown(hit.path)),
			namesOf: (path) => index.namesOf(path),
			admitting: (query, options) => {
				const admitted = index.admitting(query, options);
				return (path) => admitted(path) && shown(path);
			},
		};
	}

	/** Whether a build has brought the index up to date with the vault (and none runs now). */
	isReady(): boolean {
		return this.status.phase === "ready";
	}

	/** Whether the index holds the note at `path` (one the rules show, read, and not an attachment). */
	holds(path: string): boolean {
		return (this.index?.namesOf(path).length ?? 0) > 0;
	}

	/** The notes the index holds: those the rules show that it could read. */
	notePaths(): string[] {
		return this.index?.notePaths() ?? [];
	}

	/** Pinned notes and the notes opened often lately: a capped bonus for notes that match anyway. */
	hotSet(): HotSet {
		return { pinned: this.pinned, openCounts: this.opens.weights(this.ports.clock.now().getTime()) };
	}

	stats(): IndexStats | null {
		return this.index?.stats() ?? null;
	}

	/** Notes kept private because their properties do not parse, for the user to fix (`limit` at most). */
	unreadableProperties(limit: number): string[] {
		return this.index?.skippedFor("unreadable-frontmatter", limit) ?? [];
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
		this.policyChanges.cancel();
		this.cancelResync?.();
		await this.saver.close();
		await this.ports.store.close().catch((error: unknown) => this.failed(error));
	}

	private async runBuild(index: RetrievalIndex, generation: number, started: number): Promise<BuildReport | null> {
		const isCurrent = () => generation === this.generation && !this.closed;
		this.index = index;
		this.building = true;
		let notesUpdated: number | null;
		try {
			notesUpdated = await passOverVault(index, {
				files: this.ports.files,
				source: this.noteSource(index.policy),
				events: this.events,
				slicing: this.slicing,
				readAhead: this.options.readAhead,
				isCurrent,
				changed: (files) => this.saver.changed(files),
				progress: (done, total, finishing) => this.setStatus({ phase: "indexing", done, total, finishing }),
			});
		} finally {
			if (isCurrent()) this.building = false;
		}
		if (notesUpdated === null) return null;
		this.last = {
			notesUpdated,
			ms: this.ports.scheduler.now() - started,
			finishedAt: this.ports.clock.now(),
			stats: index.stats(),
		};
		this.setStatus({ phase: "ready" });
		this.saver.schedule();
		return this.last;
	}

	/** A build nobody waits for: it supersedes the running one; a failure is reported, not thrown. */
	private buildInBackground(index: RetrievalIndex): void {
		this.runBuild(index, ++this.generation, this.ports.scheduler.now()).catch((error: unknown) => this.failed(error));
	}

	/**
	 * The graph answers from the first search on; what links to each note is mapped in time
	 * slices after it, not in the search's own task (see `ResolvedLinkGraph`).
	 */
	linkGraph(): LinkGraph {
		if (this.links !== null) return this.links;
		const graph = new ResolvedLinkGraph(this.ports.resolvedLinks());
		this.links = graph;
		// Not in the search's own task: that one answers first.
		this.background.run(graph.steps(), () => this.links === graph && !this.closed);
		return graph;
	}

	private changed(notes: number): void {
		this.saver.changed(notes);
		this.saver.schedule();
		if (this.index !== null) this.background.compactWhenDue(this.index);
	}

	/** Where a build reads from: text through the privacy view, metadata from the cache, under `policy`. */
	private noteSource(policy: IndexPolicy): NoteSource {
		return { files: this.ports.notes, policy };
	}

	private shown(path: string): boolean {
		return this.ports.notes.stat(path) !== null;
	}

	private failed(error: unknown): void {
		this.ports.onError?.(error);
	}

	private setStatus(status: IndexStatus): void {
		this.status = status;
		for (const listener of this.listeners) listener(status);
	}
}
