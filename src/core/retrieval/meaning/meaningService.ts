import type { EmbeddingClient } from "../../model/embeddingClient";
import type { Slicing } from "../indexing/slicedIndexing";
import type { SearchHit } from "../searchTypes";
import type { MemorySearchOptions } from "../service/serviceTypes";
import { SavedRowsError } from "../vectors/vectorRows";
import { changedSinceEmbedded, isAbort, pathsWhere, readRound, untilQuiet } from "./embeddingRounds";
import type { MeaningIndex, MeaningStatus } from "./meaningIndex";
import { searchFused, relatedTo, type QueryPorts } from "./meaningQueries";
import { MEANING_DEFAULTS, type MeaningServiceOptions, type MeaningServicePorts } from "./meaningServiceTypes";
import { Observed, retryPause, type MeaningState } from "./meaningState";
import { measuredClient, openModel } from "./meaningStart";
import type { RelatedNote } from "./relatedNotes";
import { VectorSaver } from "./vectorSaving";

export type { MeaningState } from "./meaningState";
export type { KeywordSide, MeaningServiceOptions, MeaningServicePorts } from "./meaningServiceTypes";

/**
 * Search by meaning kept up with the vault in the background, over the keyword index's notes:
 * off until the user gives it a model; then the model asked which languages it reads, the
 * vectors saved on this device restored without a call to the server, and what changed since
 * embedded, a round of notes at a time, paused while the user types or by the user, held back
 * after a failure of the server and tried again later. Every note is read and judged through the
 * privacy view: one that turns hidden is dropped from the vectors at once, and one read while it
 * was shown but hidden by the time its vectors came is dropped as they land. Search goes on by
 * keyword whenever there is nothing to fuse with, and is never worse than keyword search's.
 */
export class MeaningService {
	private readonly options: Required<MeaningServiceOptions>;
	private readonly slicing: Slicing;
	private client: EmbeddingClient | null = null;
	private meaning: MeaningIndex | null = null;
	/** Each embedded note's version as it was read (`mtime:size`). */
	private versions = new Map<string, string>();
	private readonly queue = new Set<string>();
	/** The notes of the round being embedded, by the names they were read under. */
	private inRound = new Set<string>();
	/** Which model's start is current; work of an earlier one stops. */
	private generation = 0;
	/** The generation whose model is being started, -1 when none: it is started once, however often it is tried. */
	private startingGeneration = -1;
	/** The dimension of the model's last answer, to tell a model changed under its name from a bad answer. */
	private answeredDims: number | undefined;
	/** Whether the vectors were restored from the device: only those can be of a model that was replaced since. */
	private restored = false;
	private working = false;
	private closed = false;
	private held = false;
	private quietUntil = 0;
	private failures = 0;
	private cancelRetry: (() => void) | null = null;
	private readonly saver: VectorSaver;
	private abort: AbortController | null = null;
	private readonly observed = new Observed<MeaningState>({ state: "off" });
	/** What queries and saves ask: saved rows that cannot be read are never read again; the notes are embedded anew. */
	private readonly queries: QueryPorts;

	constructor(
		private readonly ports: MeaningServicePorts,
		options: MeaningServiceOptions = {},
	) {
		this.options = { ...MEANING_DEFAULTS, ...options };
		this.queries = {
			...ports,
			failed: (meaning, error) => {
				this.ports.onError?.(error);
				if (error instanceof SavedRowsError && error.damaged && meaning === this.meaning && !this.closed)
					this.startOver(this.generation);
			},
		};
		this.slicing = {
			sliceMs: this.options.sliceMs,
			now: () => ports.scheduler.now(),
			yieldToHost: () => ports.scheduler.yieldToHost(),
		};
		this.saver = new VectorSaver({
			store: ports.store,
			scheduler: ports.scheduler,
			slicing: this.slicing,
			current: async () => {
				// A note made private while its passages were out may have landed since: it is never saved.
				const held = [...this.queue, ...(this.meaning?.index?.notePaths() ?? [])];
				this.forget(await pathsWhere(held, (path) => ports.notes.stat(path) === null, this.slicing));
				return { meaning: this.meaning, versions: this.versions };
			},
			isCurrent: (meaning) => this.meaning === meaning && !this.closed,
			failed: (error, meaning) => this.queries.failed(meaning, error),
			quietMs: this.options.saveQuietMs,
		});
	}

	/**
	 * Turns search by meaning on with `client`'s model, or off with `null`. The same model reached
	 * anew (a new key) keeps its vectors; another model starts over, and search goes on by
	 * keyword until its vectors come.
	 */
	use(client: EmbeddingClient | null): void {
		if (this.closed) return;
		if (client !== null && client.modelId === this.client?.modelId) {
			this.client = this.measured(client);
			this.meaning?.useClient(this.client);
			// Only a key can differ, which only a refused key waits for: a settings change elsewhere
			// (each keystroke hands the same model anew) does not cut short a failing server's pause.
			if (this.observed.value.state === "paused" && this.observed.value.reason === "invalid-key") this.retryNow();
			return;
		}
		this.letGo();
		this.answeredDims = undefined;
		this.client = client === null ? null : this.measured(client);
		this.failures = 0;
		if (this.client === null) {
			this.observed.set({ state: "off" });
			return;
		}
		void this.startModel(this.client, this.generation);
	}

	/** The keyword index was built or brought up to date: the vectors follow its notes. */
	indexReady(): void {
		this.reconcile();
	}

	/** A note's content changed (or it turned hidden, or shown). */
	noteChanged(path: string): void {
		if (this.meaning === null) return;
		if (this.ports.notes.stat(path) === null) {
			this.drop(path);
			return;
		}
		this.queue.add(path);
		this.kick();
	}

	noteDeleted(path: string): void {
		this.drop(path);
	}

	/** Follows a rename: nothing is embedded again, unless the new name is hidden. */
	noteRenamed(from: string, to: string): void {
		const meaning = this.meaning;
		if (meaning === null) return;
		meaning.renameNote(from, to);
		const version = this.versions.get(from);
		this.versions.delete(from);
		if (version !== undefined) this.versions.set(to, version);
		// A note renamed while its round is out lands under its old name, then dropped as gone: it is embedded again.
		if (this.queue.delete(from) || this.inRound.delete(from)) this.queue.add(to);
		this.saver.changed();
		if (this.ports.notes.stat(to) === null) this.drop(to);
	}

	/** The privacy rules changed: every note they hide now is dropped at once, before any search. */
	rulesChanged(): void {
		const held = [...this.queue, ...(this.meaning?.index?.notePaths() ?? [])];
		if (this.forget(held.filter((path) => this.ports.notes.stat(path) === null))) this.saver.changed(true);
	}

	/** The user typed: embedding waits until they stop for a moment. */
	userTyped(): void {
		this.quietUntil = this.ports.scheduler.now() + this.options.typingQuietMs;
	}

	/** Pauses embedding, or lets it go on; search by meaning keeps answering over what is embedded. */
	hold(held: boolean): void {
		this.held = held;
		if (held) {
			this.abort?.abort();
			this.observed.set({ state: "held", notesLeft: this.queue.size });
			return;
		}
		if (this.observed.value.state === "held") this.observed.set(this.restingState());
		this.retryNow();
	}

	/** Tries a paused model again now, rather than when its pause ends. */
	retryNow(): void {
		this.cancelRetry?.();
		this.cancelRetry = null;
		if (this.client === null || this.meaning !== null) this.kick();
		// A model still answering its first question is not started a second time beside it.
		else if (this.startingGeneration !== this.generation) void this.startModel(this.client, this.generation);
	}

	/** The best notes for `query`, fused while there are vectors and the server is not paused (`searchFused`). */
	search(query: string, options: MemorySearchOptions = {}): SearchHit[] | Promise<SearchHit[]> {
		const paused = this.observed.value.state === "paused";
		return searchFused(this.queries, paused ? null : this.meaning, this.options.queryWaitMs, query, options);
	}

	/** The notes related to the note at `path`, never one the view hides (`relatedTo`). */
	related(path: string, limit: number): Promise<RelatedNote[]> {
		return relatedTo(this.queries, this.meaning, path, limit);
	}

	/** The meaning index, for what reads its vectors (related notes); `null` while off or starting. */
	get index(): MeaningIndex | null {
		return this.meaning;
	}

	currentState(): MeaningState {
		return this.observed.value;
	}

	/** Calls `listener` on every change of state; returns the function that stops it. */
	onState(listener: (state: MeaningState) => void): () => void {
		return this.observed.on(listener);
	}

	/** Stops the work and its timers for good, and saves what is not saved yet. */
	async close(): Promise<void> {
		this.closed = true;
		this.stopWork();
		await this.saver.save();
	}

	/** Search by meaning with `client`'s model, its saved vectors restored unless `fresh` (`openModel`). */
	private async startModel(client: EmbeddingClient, generation: number, fresh = false): Promise<void> {
		this.startingGeneration = generation;
		this.observed.set({ state: "starting" });
		const ports = { ...this.ports, slicing: this.slicing, overtaken: () => generation !== this.generation };
		const opened = await openModel(client, fresh, ports).finally(() => {
			if (this.startingGeneration === generation) this.startingGeneration = -1;
		});
		if (opened === null) return;
		if (opened.meaning === null) {
			this.serverFailed(opened.paused, generation);
			return;
		}
		this.restored = opened.stored !== null;
		this.saver.readFrom(opened.stored);
		this.versions = opened.versions;
		this.meaning = opened.meaning;
		this.reconcile();
		if (!this.working) this.observed.set(this.restingState());
	}

	/** The vectors follow the keyword index's notes: those gone dropped at once, those changed since embedded queued. */
	private reconcile(): void {
		const meaning = this.meaning;
		const { keyword, notes } = this.ports;
		if (meaning === null || !keyword.isReady()) return;
		const paths = keyword.notePaths();
		const held = new Set(paths);
		if (meaning.keepOnly(held) > 0) this.saver.changed(true);
		for (const path of this.versions.keys()) if (!held.has(path)) this.versions.delete(path);
		void pathsWhere(paths, changedSinceEmbedded(notes, this.versions), this.slicing).then((queued) => {
			if (this.meaning !== meaning) return; // another model took over meanwhile
			for (const path of queued) this.queue.add(path);
			this.kick();
		});
	}

	/** Every note embedded anew, nothing restored: another model answers under the name, or saved rows cannot be read. */
	private startOver(generation: number): void {
		const client = this.client;
		if (generation !== this.generation || client === null) return;
		this.letGo();
		void this.startModel(client, this.generation, true);
	}

	/** Stops the work, and lets go of the vectors and what goes with them. */
	private letGo(): void {
		this.stopWork();
		this.meaning = null;
		this.saver.readFrom(null);
		this.versions = new Map();
		this.queue.clear();
	}

	/** Drops `hidden` from the vectors and the queue; whether the vectors changed. */
	private forget(hidden: readonly string[]): boolean {
		const dropped = hidden.filter((path) => this.meaning?.index?.hasNote(path) === true);
		for (const path of hidden) {
			this.queue.delete(path);
			this.versions.delete(path);
			this.meaning?.dropNote(path);
		}
		return dropped.length > 0;
	}

	/** `client`, the dimension of each of its answers noted. */
	private measured(client: EmbeddingClient): EmbeddingClient {
		return measuredClient(client, (dims) => (this.answeredDims = dims ?? this.answeredDims));
	}

	private drop(path: string): void {
		this.queue.delete(path);
		if (this.meaning === null) return;
		this.meaning.dropNote(path);
		this.versions.delete(path);
		this.saver.changed(true);
	}

	private kick(): void {
		if (this.working || this.held || this.closed || this.meaning === null || this.cancelRetry !== null) return;
		if (this.queue.size === 0) return;
		this.working = true;
		const generation = this.generation;
		this.work(generation)
			.catch((error: unknown) => {
				if (!isAbort(error)) this.ports.onError?.(error);
			})
			.finally(() => {
				if (generation !== this.generation) return;
				this.working = false;
				this.abort = null;
				// Notes changed while the last round was embedding.
				this.kick();
			});
	}

	/** Embeds the queued notes a round at a time, until none is left, the user holds it, or the server fails. */
	private async work(generation: number): Promise<void> {
		const meaning = this.meaning as MeaningIndex;
		const { scheduler } = this.ports;
		const total = this.queue.size;
		let done = 0;
		let embedded = 0;
		this.observed.set({ state: "embedding", notesDone: 0, notesTotal: total, embedded: 0 });
		const current = () => generation === this.generation && !this.held;
		while (this.queue.size > 0 && current()) {
			await untilQuiet(this.ports.scheduler, () => this.quietUntil);
			if (!current()) return;
			const round = [...this.queue].slice(0, this.options.notesPerRound);
			for (const path of round) this.queue.delete(path);
			this.inRound = new Set(round);
			const notes = await readRound(this.ports.notes, round);
			const abort = new AbortController();
			this.abort = abort;
			let status: MeaningStatus;
			try {
				status = await meaning.catchUp(notes, {
					signal: abort.signal,
					onProgress: (progress) => {
						if (progress.state !== "embedding" || !current()) return;
						const notesDone = done + progress.notesDone;
						const notesTotal = Math.max(total, notesDone + this.queue.size);
						this.observed.set({ ...progress, notesDone, notesTotal, embedded: embedded + progress.embedded });
					},
				});
			} catch (error) {
				// Held or stopped midway: the round's notes are embedded when the work goes on.
				if (generation === this.generation) for (const path of round) this.queue.add(path);
				throw error;
			}
			this.inRound = new Set();
			if (!current()) return;
			if (status.state === "paused") {
				for (const path of round) this.queue.add(path);
				// A server whose dimension changes from one answer to the next is failing, not replaced: it pauses.
				const replaced = this.restored && this.answeredDims !== (meaning.index?.dims ?? this.answeredDims);
				if (status.reason === "bad-answer" && replaced) this.startOver(generation);
				else this.serverFailed(status, generation);
				return;
			}
			embedded += status.state === "ready" ? status.embedded : 0;
			for (const note of notes) {
				// Hidden while its vectors were being made: dropped as they land, never searched.
				if (this.ports.notes.stat(note.path) === null) this.drop(note.path);
				else this.versions.set(note.path, note.version);
			}
			done += round.length;
			this.failures = 0;
			this.saver.changed();
			await new Promise<void>((resolve) => scheduler.delay(resolve, this.options.roundPauseMs));
		}
		if (current()) this.observed.set({ state: "ready", chunks: meaning.index?.chunkCount ?? 0, embedded });
	}

	/** The server failed: search goes on by keyword, and the model is tried again after a pause that grows. */
	private serverFailed(status: Extract<MeaningStatus, { state: "paused" }>, generation: number): void {
		if (generation !== this.generation) return;
		const retryInMs = retryPause(this.failures++);
		this.observed.set({ ...status, retryInMs });
		this.cancelRetry = this.ports.scheduler.delay(() => {
			this.cancelRetry = null;
			this.retryNow();
		}, retryInMs);
	}

	private stopWork(): void {
		this.generation++;
		this.inRound = new Set();
		this.working = false;
		this.abort?.abort();
		this.abort = null;
		this.cancelRetry?.();
		this.cancelRetry = null;
	}

	/** What the state is once nothing runs. */
	private restingState(): MeaningState {
		if (this.held) return { state: "held", notesLeft: this.queue.size };
		return { state: "ready", chunks: this.meaning?.index?.chunkCount ?? 0, embedded: 0 };
	}
}
