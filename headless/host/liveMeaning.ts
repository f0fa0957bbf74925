import { performance } from "node:perf_hooks";
import { EmbeddingError, type EmbeddingClient } from "../../src/core/model/embeddingClient";
import type { RetrievalIndex, SearchHit, SearchOptions } from "../../src/core/retrieval";
import { hybridSearch, type MeaningSearch } from "../../src/core/retrieval/meaning/hybridSearch";
import type { MeaningIndex, MeaningStatus, NoteChunks } from "../../src/core/retrieval/meaning/meaningIndex";
import type { IndexPolicy } from "../../src/core/vault/indexPolicy";
import type { VaultView } from "../../src/core/vault/vaultView";
import {
	chunksOf,
	openMeaning,
	saveAndReadBack,
	saveVectors,
	SAVE_EVERY_TEXTS,
	type LiveMeaningOptions,
	type MeaningSetup,
} from "./headlessMeaning";

/** The wait before a failing server is asked again, doubled at each failure in a row up to `LONGEST_WAIT_MS`. */
export const FIRST_WAIT_MS = 60_000;
export const LONGEST_WAIT_MS = 15 * 60_000;

/** A request was about to carry a note hidden (or gone) since it was read: the catch-up stops, and starts again without it. */
class HiddenSinceRead extends Error {}

/**
 * Search by meaning on a host that lives on (the MCP server). It answers by keyword from the first
 * call, while the notes are embedded in the background a batch at a time, search going hybrid
 * over the notes embedded so far; what is embedded is saved as it goes, so a server stopped
 * half-way starts where it was. A server that fails pauses it (said on stderr through the setup's
 * progress) and search stays keyword search; it is asked again at a later refresh, after a wait.
 *
 * Privacy: only the notes the keyword index holds are queued, each read through the privacy view
 * when its turn comes (one hidden since is skipped); every request is checked against the rules
 * read again just before it is sent; a note deleted or turned hidden is dropped from the vectors
 * at the refresh that sees it, before the call it was made for is answered, and again should a
 * batch that carried it come back after.
 */
export class LiveMeaning {
	private meaning: MeaningIndex | null = null;
	/** Lets go of the stored snapshot whose rows the vectors read, if any (its bytes are not kept: they were decoded). */
	private releaseStored: (() => void) | null = null;
	/** The notes to embed, each with the stamp it was queued under: one queued again since is newer. */
	private readonly pending = new Map<string, number>();
	private stamp = 0;
	/** Notes dropped while a batch that carried them may still be out; cleared once no catch-up runs. */
	private readonly droppedMeanwhile = new Set<string>();
	/** Whether vectors were added or notes dropped since the vectors were last saved. */
	private unsaved = false;
	private running: Promise<void> | null = null;
	private failures = 0;
	/** Before this time (`performance.now()`), the server is not asked: neither queries nor notes. */
	private askAgainAt = 0;
	private current: MeaningStatus | null = null;
	private readonly stopping = new AbortController();
	private rules: string;
	private readonly setup: MeaningSetup;

	constructor(
		private readonly index: RetrievalIndex,
		private readonly view: VaultView,
		setup: MeaningSetup,
		private readonly options: LiveMeaningOptions,
	) {
		this.rules = rulesOf(view.policy);
		this.setup = { ...setup, client: this.checkedBeforeSending(setup.client) };
	}

	/** Where search by meaning stands: `null` until the server first answered or failed. */
	get status(): MeaningStatus | null {
		return this.current;
	}

	/** Queues every note the index holds and starts embedding them in the background. */
	start(): void {
		this.queue(this.index.notePaths());
		this.resume();
	}

	/** Settles once the work in hand is done or paused. */
	async idle(): Promise<void> {
		while (this.running !== null) await this.running;
	}

	/**
	 * After a refresh of the keyword index, before the call it was made for is answered: when the
	 * index `changed` or the privacy rules did, the notes it no longer holds, or that the rules hide
	 * now, leave the vectors at once; the notes it `reread` are queued; embedding resumes unless the
	 * server is in its wait.
	 */
	refreshed(changed: boolean, reread: readonly string[]): void {
		const rules = rulesOf(this.view.policy);
		const rulesChanged = rules !== this.rules;
		this.rules = rules;
		if (changed || rulesChanged) {
			const held = this.held(rulesChanged);
			this.dropAllBut(held);
			this.queue(reread.filter((path) => held.has(path)));
		}
		this.resume();
	}

	/** Keyword search, fused with search by meaning once vectors are kept and while the server is not in its wait. */
	search(query: string, options: SearchOptions): Promise<SearchHit[]> {
		const meaning = this.meaning;
		if (meaning === null || performance.now() < this.askAgainAt)
			return Promise.resolve(this.index.search(query, options));
		const search: MeaningSearch = {
			coverage: meaning.coverage,
			readableShare: meaning.readableShare,
			nearest: async (text, nearestOptions) => {
				try {
					return await meaning.nearest(text, nearestOptions);
				} catch (error) {
					// This answer is keyword search's (`hybridSearch`); the next ones too, until the wait is over.
					if (error instanceof EmbeddingError && error.kind !== "aborted")
						this.pause({ state: "paused", reason: error.kind, message: error.message }, true);
					throw error;
				}
			},
		};
		return hybridSearch(this.index, search, query, options);
	}

	/**
	 * Saves the vectors if they changed since last saved: with the host's save of its index, and as
	 * it stops. Then, unless it stops, reads them from what was saved (`saveAndReadBack`).
	 */
	save(): void {
		if (!this.unsaved || this.meaning === null) return;
		this.unsaved = false;
		if (this.stopping.signal.aborted) saveVectors(this.meaning, this.setup);
		else this.releaseStored = saveAndReadBack(this.meaning, this.setup, this.releaseStored);
	}

	/** Stops embedding (the request out is given up on) and saves what was embedded. */
	stop(): void {
		this.stopping.abort();
		this.save();
	}

	private queue(paths: readonly string[]): void {
		for (const path of paths) {
			this.pending.set(path, ++this.stamp);
			this.droppedMeanwhile.delete(path);
		}
	}

	/** The notes search by meaning may hold: those the keyword index holds, and, after the rules changed, that they show. */
	private held(rulesChanged: boolean): ReadonlySet<string> {
		const paths = this.index.notePaths();
		return new Set(rulesChanged ? paths.filter((path) => this.view.stat(path) !== null) : paths);
	}

	private dropAllBut(held: ReadonlySet<string>): void {
		for (const path of [...this.pending.keys()]) {
			if (held.has(path)) continue;
			this.pending.delete(path);
			this.droppedMeanwhile.add(path);
		}
		if ((this.meaning?.keepOnly(held) ?? 0) > 0) this.unsaved = true;
	}

	private resume(): void {
		if (this.running !== null || this.stopping.signal.aborted || performance.now() < this.askAgainAt) return;
		if (this.meaning !== null && this.pending.size === 0) return;
		this.running = this.work().finally(() => {
			this.running = null;
			this.droppedMeanwhile.clear();
		});
	}

	/** Opens search by meaning if it is not yet, then embeds what is queued until nothing is, or the server fails. */
	private async work(): Promise<void> {
		for (;;) {
			try {
				await this.embedQueued();
				return;
			} catch (error) {
				if (this.stopping.signal.aborted) return;
				if (!(error instanceof HiddenSinceRead)) {
					// Whatever went wrong, the host goes on serving by keyword, and says why.
					const message = error instanceof Error ? error.message : String(error);
					this.pause({ state: "paused", reason: "bad-answer", message }, true);
					return;
				}
				// A note of the batch is hidden or gone now: it leaves the queue, and the rest goes on.
				this.dropAllBut(this.held(true));
			}
		}
	}

	private async embedQueued(): Promise<void> {
		if (this.meaning === null) {
			// Judged by the rules as they are now: a folder made private since the start holds notes the index still has.
			const opened = await openMeaning(this.setup, () => this.held(true), this.stopping.signal);
			// Said by `openMeaning` through the setup's progress.
			if (opened.meaning === null) return this.pause(opened.status, false);
			this.meaning = opened.meaning;
			this.releaseStored = opened.stored?.release ?? null;
			if (opened.dropped > 0) this.unsaved = true;
		}
		while (this.pending.size > 0) {
			const status = await this.catchUp(this.meaning);
			if (status.state === "paused") return this.pause(status, false);
			this.failures = 0;
			this.askAgainAt = 0;
		}
	}

	/** One catch-up over the notes queued now; a note finishes once its batch is in. */
	private async catchUp(meaning: MeaningIndex): Promise<MeaningStatus> {
		const queued = [...this.pending];
		const sent: (readonly [string, number])[] = [];
		let finished = 0;
		const finish = (notesDone: number) => {
			for (; finished < notesDone; finished++) {
				const [path, stamp] = sent[finished];
				// Dropped while its batch was out: the batch put it back, and it leaves again before anything is searched.
				if (this.droppedMeanwhile.has(path)) meaning.dropNote(path);
				else if (this.pending.get(path) === stamp) this.pending.delete(path);
			}
		};
		// What is embedded is saved as it goes: a server stopped half-way through a first embedding starts where it was.
		let savedAt = 0;
		const status = await meaning.catchUp(this.notesOf(queued, sent), {
			notesTotal: queued.length,
			signal: this.stopping.signal,
			onProgress: (progress) => {
				if (progress.state !== "embedding") return;
				finish(progress.notesDone);
				if (progress.embedded > 0) this.unsaved = true;
				this.report(progress);
				if (progress.embedded - savedAt < SAVE_EVERY_TEXTS) return;
				savedAt = progress.embedded;
				this.save();
			},
		});
		this.report(status);
		this.save();
		return status;
	}

	/** The queued notes still wanted, each read now through the view; one hidden or gone is done with. */
	private async *notesOf(
		queued: readonly (readonly [string, number])[],
		sent: (readonly [string, number])[],
	): AsyncGenerator<NoteChunks> {
		for (const entry of queued) {
			const [path, stamp] = entry;
			// Dropped, or queued again since (a later catch-up takes it).
			if (this.pending.get(path) !== stamp) continue;
			const note = await chunksOf(path, this.view);
			if (note === null) {
				if (this.pending.get(path) === stamp) this.pending.delete(path);
				continue;
			}
			sent.push(entry);
			yield note;
		}
	}

	/** The server is left alone for a while, longer at each failure in a row; `say` when no progress said it yet. */
	private pause(status: MeaningStatus & { readonly state: "paused" }, say: boolean): void {
		this.failures++;
		this.askAgainAt = performance.now() + (this.options.waitMs ?? backOff)(this.failures);
		if (say) this.report(status);
		else this.current = status;
	}

	private report(status: MeaningStatus): void {
		this.current = status;
		this.setup.onProgress?.(status);
	}

	/** `client`, refusing a request that carries a note the rules, read again now, hide (or one gone). */
	private checkedBeforeSending(client: EmbeddingClient): EmbeddingClient {
		return {
			modelId: client.modelId,
			embed: async (request) => {
				if (request.notes !== undefined && request.notes.length > 0) {
					this.options.beforeSending?.();
					if (request.notes.some((path) => this.view.stat(path) === null)) throw new HiddenSinceRead();
				}
				return client.embed(request);
			},
		};
	}
}

/** The wait after `failures` failures in a row: a minute, doubled each time, at most a quarter of an hour. */
export function backOff(failures: number): number {
	return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, failures - 1));
}

/** The rules that decide which notes are hidden, as one comparable value. */
function rulesOf(policy: IndexPolicy): string {
	return JSON.stringify([policy.excludedFolders, policy.excludedTags]);
}
