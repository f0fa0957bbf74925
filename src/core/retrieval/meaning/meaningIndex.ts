import { EmbeddingError, type EmbeddingClient, type EmbeddingErrorKind } from "../../model/embeddingClient";
import { modelReads, type ModelCoverage } from "../ranking/vectorTrust";
import { chunkKeyOf, embeddingTextOf, type ChunkKey, type EmbeddableChunk } from "../vectors/embeddingKey";
import { VectorIndex, VectorShapeError, type VectorHit } from "../vectors/vectorIndex";

/** A note as search by meaning reads it: its path and its chunks, as the keyword index cuts them. */
export interface NoteChunks {
	readonly path: string;
	readonly chunks: readonly EmbeddableChunk[];
}

/**
 * Where embedding stands: chunks still to embed; all of the notes given embedded; or paused by
 * the server's failure (search goes on by keyword, and a later catch-up starts where this stopped).
 */
export type MeaningStatus =
	/** `embedded`: the texts sent so far; a start whose vectors are all kept sends none. */
	| {
			readonly state: "embedding";
			readonly notesDone: number;
			readonly notesTotal: number;
			readonly embedded: number;
	  }
	/** `embedded`: the texts this catch-up sent, 0 when every chunk already had its vector. */
	| { readonly state: "ready"; readonly chunks: number; readonly embedded: number }
	| { readonly state: "paused"; readonly reason: EmbeddingErrorKind; readonly message: string };

export interface CatchUpOptions {
	readonly signal?: AbortSignal;
	/** How many notes are coming, for the progress; unknown, the count so far. */
	readonly notesTotal?: number;
	readonly onProgress?: (status: MeaningStatus) => void;
}

/**
 * Texts sent in one request: a few dozen passages of about a thousand characters, what a local
 * server embeds in a second or two, and well under what every API takes in one batch.
 */
export const EMBEDDING_BATCH_TEXTS = 32;

/** Notes put at once when none of them has anything to embed (a start after the last one): progress stays frequent. */
const NOTES_PER_BATCH = 500;

/**
 * Search by meaning over the notes the keyword index holds, with one embedding model: the
 * vectors of their chunks (`VectorIndex`), and what it takes to keep them: each chunk the model
 * reads is embedded once, under its text's key, so a note renamed, read again unchanged, or
 * edited elsewhere sends nothing new. Only what the caller gives is embedded: the host gives the
 * notes its privacy view shows, and drops a note at once when it turns hidden.
 */
export class MeaningIndex {
	private vectors: VectorIndex | null;
	/** Per note, its chunks and those the model reads: the share of the vault vector search covers. */
	private readonly readable = new Map<string, { readonly chunks: number; readonly read: number }>();
	private totals = { chunks: 0, read: 0 };
	/** Notes dropped so far (deleted, hidden, or no longer in the keyword index): a save that began before one is not made current. */
	private dropped = 0;

	constructor(
		private embedder: EmbeddingClient,
		private readonly modelCoverage: ModelCoverage,
		restored: VectorIndex | null = null,
	) {
		this.vectors = restored !== null && restored.modelId === embedder.modelId ? restored : null;
	}

	/** Embeds with `client` from now on: the same model reached anew (another key, say), its vectors kept. */
	useClient(client: EmbeddingClient): void {
		if (client.modelId !== this.embedder.modelId) throw new Error("Another model's vectors are not kept.");
		this.embedder = client;
	}

	/**
	 * Puts `restored` (these vectors as a snapshot saved them, read back from where it was stored)
	 * in their place, if they are still as they were at `version`: the same notes, the same
	 * vectors, the rows embedded since the last save no longer held in memory. Whether it did.
	 */
	takeRestored(restored: VectorIndex, version: number): boolean {
		const vectors = this.vectors;
		if (vectors === null || vectors.version !== version || restored.modelId !== vectors.modelId) return false;
		// The host's strings for the paths, as the index in memory holds them: no second copy.
		restored.keepOnly(vectors.notePaths());
		this.vectors = restored;
		return true;
	}

	/** What the model reads. */
	get coverage(): ModelCoverage {
		return this.modelCoverage;
	}

	/** The vectors kept, to be saved; `null` before the first answer told their dimension. */
	get index(): VectorIndex | null {
		return this.vectors;
	}

	/** The share of the notes' chunks the model reads (1 with none known yet). */
	get readableShare(): number {
		return this.totals.chunks === 0 ? 1 : this.totals.read / this.totals.chunks;
	}

	/**
	 * Embeds what `notes` have that is not embedded yet, a batch of texts at a time, and makes each
	 * note searchable as soon as its batch is in. A failure of the server stops the catch-up with
	 * nothing of that batch kept: the notes before it stay searchable, and the next catch-up goes on
	 * from there. Stopped by `signal`, it throws the signal's reason, having kept what was done.
	 */
	async catchUp(
		notes: Iterable<NoteChunks> | AsyncIterable<NoteChunks>,
		options: CatchUpOptions = {},
	): Promise<MeaningStatus> {
		let done = 0;
		let embedded = 0;
		let batch: Batch = { notes: [], missing: new Map() };
		const progress = () =>
			options.onProgress?.({
				state: "embedding",
				notesDone: done,
				notesTotal: Math.max(done, options.notesTotal ?? done),
				embedded,
			});
		const flush = async () => {
			await this.embedBatch(batch, options.signal);
			embedded += batch.missing.size;
			done += batch.notes.length;
			batch = { notes: [], missing: new Map() };
			progress();
		};
		try {
			for await (const note of notes) {
				options.signal?.throwIfAborted();
				this.add(batch, this.keyed(note));
				if (batch.missing.size >= EMBEDDING_BATCH_TEXTS || batch.notes.length >= NOTES_PER_BATCH) await flush();
			}
			await flush();
		} catch (error) {
			if (!(error instanceof EmbeddingError) || error.kind === "aborted") throw error;
			return { state: "paused", reason: error.kind, message: error.message };
		}
		return { state: "ready", chunks: this.vectors?.chunkCount ?? 0, embedded };
	}

	/**
	 * Drops every note not among `paths` (the notes the keyword index holds now): one deleted, or
	 * hidden, while no one was watching, whose vectors were restored from the device. How many.
	 */
	keepOnly(paths: ReadonlySet<string>): number {
		const gone = this.vectors?.notePaths().filter((path) => !paths.has(path)) ?? [];
		for (const path of gone) this.count(path, null);
		const droppedNow = this.vectors?.keepOnly(paths) ?? 0;
		this.dropped += droppedNow;
		return droppedNow;
	}

	/** Removes the note from search by meaning at once (it was deleted, or turned hidden). */
	dropNote(path: string): void {
		this.vectors?.dropNote(path);
		this.count(path, null);
		this.dropped++;
	}

	/** How many notes were dropped so far. */
	get drops(): number {
		return this.dropped;
	}

	/** Follows a rename: nothing is embedded again. */
	renameNote(from: string, to: string): void {
		this.vectors?.renameNote(from, to);
		const counts = this.readable.get(from);
		this.count(from, null);
		if (counts !== undefined) this.count(to, counts);
	}

	/**
	 * The notes nearest `query` in meaning, best first, each with its best chunk; none before any
	 * vector is kept. A note `accept` refuses is never returned. Rejects with the server's
	 * `EmbeddingError` when the query cannot be embedded.
	 */
	async nearest(
		query: string,
		options: { readonly limit: number; readonly accept?: (path: string) => boolean; readonly signal?: AbortSignal },
	): Promise<VectorHit[]> {
		const vectors = this.vectors;
		// A question in a script the model does not read would find nothing meant: it is not sent.
		if (vectors === null || vectors.chunkCount === 0 || !modelReads(this.modelCoverage, query)) return [];
		const [vector] = await this.embedder.embed({ texts: [query], purpose: "query", signal: options.signal });
		return vectors.search(vector, { limit: options.limit, accept: options.accept });
	}

	/**
	 * The notes nearest the note at `path` in meaning, best first, never the note itself nor one
	 * `accept` refuses; none for a note without vectors. Nothing is sent: its vectors are kept.
	 */
	async similarTo(
		path: string,
		options: { readonly limit: number; readonly accept?: (path: string) => boolean },
	): Promise<VectorHit[]> {
		const vectors = this.vectors;
		const vector = (await vectors?.noteVector(path)) ?? null;
		if (vector === null || vectors === null) return [];
		const accept = options.accept;
		return vectors.search(vector, {
			limit: options.limit,
			accept: (other) => other !== path && (accept === undefined || accept(other)),
		});
	}

	/** Each chunk's key, `null` for one with nothing to embed or in a script the model does not read. */
	private keyed(note: NoteChunks): Keyed {
		const texts = new Map<ChunkKey, string>();
		const keys = note.chunks.map((chunk) => {
			const text = embeddingTextOf(chunk);
			if (text === null || !modelReads(this.modelCoverage, text)) return null;
			const key = chunkKeyOf(text);
			texts.set(key, text);
			return key;
		});
		return { path: note.path, keys, texts };
	}

	/** Adds the note to the batch, and those of its texts with no vector yet to the batch's texts to embed. */
	private add(batch: Batch, note: Keyed): void {
		batch.notes.push(note);
		for (const [key, text] of note.texts) {
			if (batch.missing.has(key)) continue;
			if (this.vectors === null || this.vectors.missing([key]).length > 0) batch.missing.set(key, text);
		}
	}

	/**
	 * Embeds the batch's missing texts, `EMBEDDING_BATCH_TEXTS` a request (one long note may hold
	 * hundreds), then puts its notes; nothing of the batch is kept if a request fails.
	 */
	private async embedBatch(batch: Batch, signal: AbortSignal | undefined): Promise<void> {
		const missing = [...batch.missing];
		const fresh = new Map<ChunkKey, Float32Array>();
		for (let start = 0; start < missing.length; start += EMBEDDING_BATCH_TEXTS) {
			const slice = missing.slice(start, start + EMBEDDING_BATCH_TEXTS);
			const sent = new Set(slice.map(([key]) => key));
			const vectors = await this.embedder.embed({
				texts: slice.map(([, text]) => text),
				purpose: "document",
				signal,
				// The notes whose text the request carries, for its receipt.
				notes: batch.notes
					.filter((note) => note.keys.some((key) => key !== null && sent.has(key)))
					.map((note) => note.path),
			});
			slice.forEach(([key], at) => fresh.set(key, vectors[at]));
		}
		const first = fresh.values().next().value;
		if (this.vectors === null && first === undefined) return;
		const index = (this.vectors ??= new VectorIndex(this.embedder.modelId, (first as Float32Array).length));
		try {
			for (const note of batch.notes) {
				// Each note is given its own new vectors only: they are checked once, not once per note of the batch.
				const own = new Map(
					note.keys.flatMap((key) =>
						key !== null && fresh.has(key) ? [[key, fresh.get(key) as Float32Array] as const] : [],
					),
				);
				index.putNote(note.path, note.keys, own);
				this.count(note.path, { chunks: note.keys.length, read: note.keys.filter((key) => key !== null).length });
			}
		} catch (error) {
			if (!(error instanceof VectorShapeError)) throw error;
			throw new EmbeddingError("bad-answer", error.message);
		}
	}

	private count(path: string, counts: { readonly chunks: number; readonly read: number } | null): void {
		const held = this.readable.get(path);
		if (held !== undefined) {
			this.totals = { chunks: this.totals.chunks - held.chunks, read: this.totals.read - held.read };
			this.readable.delete(path);
		}
		if (counts === null) return;
		this.readable.set(path, counts);
		this.totals = { chunks: this.totals.chunks + counts.chunks, read: this.totals.read + counts.read };
	}
}

interface Batch {
	readonly notes: Keyed[];
	/** The texts to embed for the batch's notes, by key, each once. */
	readonly missing: Map<ChunkKey, string>;
}

interface Keyed {
	readonly path: string;
	readonly keys: readonly (ChunkKey | null)[];
	/** The text of each key of the note. */
	readonly texts: ReadonlyMap<ChunkKey, string>;
}
