import { EmbeddingError, type EmbeddingClient } from "../../src/core/model/embeddingClient";
import { chunkNote, type RetrievalIndex } from "../../src/core/retrieval";
import { MeaningIndex, type MeaningStatus, type NoteChunks } from "../../src/core/retrieval/meaning/meaningIndex";
import { probeCoverage } from "../../src/core/retrieval/ranking/coverageProbe";
import type { ModelCoverage } from "../../src/core/retrieval/ranking/vectorTrust";
import {
	decodeVectorSnapshot,
	encodeVectorSnapshotNow,
	type DecodedSnapshot,
} from "../../src/core/retrieval/vectors/vectorSnapshot";
import type { StoredSnapshot } from "../../src/core/retrieval/vectors/vectorRows";
import type { VaultView } from "../../src/core/vault/vaultView";
import type { IndexCache } from "./indexCache";

/** Search by meaning as a command asks for it: the model's client, and where progress is told. */
export interface MeaningSetup {
	readonly client: EmbeddingClient;
	/** Told as embedding goes on, and once when it ends. */
	readonly onProgress?: (status: MeaningStatus) => void;
	/** Where the vectors are kept between runs, beside the search index; `null` keeps none. */
	readonly cache: IndexCache | null;
	/**
	 * Whether what is embedded is saved back: not by a run under privacy rules of its own (folders
	 * or tags excluded for that run alone), whose notes are not the vault's.
	 */
	readonly saves: boolean;
	/**
	 * For a host that lives on (the MCP server): the notes are embedded in the background while
	 * search answers by keyword (`LiveMeaning`), rather than before the first search.
	 */
	readonly live?: LiveMeaningOptions;
}

export interface LiveMeaningOptions {
	/** How long a failing server is left alone after `failures` failures in a row; `backOff` unless a test sets it. */
	readonly waitMs?: (failures: number) => number;
	/**
	 * Called before each request that carries notes' text: the host reads its privacy rules again,
	 * so that a folder made private in Obsidian during a long first embedding is not sent on.
	 */
	readonly beforeSending?: () => void;
}

/**
 * Texts embedded between two saves of the vectors during a long catch-up: some minutes of a local
 * server's work, against well under a second to save the vectors of a large vault.
 */
export const SAVE_EVERY_TEXTS = 2000;

/**
 * Search by meaning opened: its vectors as restored (and the stored snapshot they read, if any),
 * those of notes no longer held dropped; or paused before it began.
 */
export type OpenedMeaning =
	| { readonly meaning: MeaningIndex; readonly dropped: number; readonly stored: StoredSnapshot | null }
	| { readonly meaning: null; readonly status: MeaningStatus & { readonly state: "paused" } };

/**
 * Search by meaning with the setup's model: which languages the model reads asked of it, the
 * vectors saved on this device for the same model restored, and those of the notes `held` does
 * not name (deleted or made private since they were saved) dropped before anything is searched.
 * A server that fails the first question pauses it (`meaning` is `null`), said through the
 * setup's progress; search then goes on by keyword.
 */
export async function openMeaning(
	setup: MeaningSetup,
	held: () => ReadonlySet<string>,
	signal?: AbortSignal,
): Promise<OpenedMeaning> {
	const { client, cache } = setup;
	let coverage: ModelCoverage;
	// The probe's answers tell the model's dimension now: vectors saved under the same name by a
	// model of another dimension (another model pulled under that name) are not taken.
	let dims: number | undefined;
	const measuring: EmbeddingClient = {
		modelId: client.modelId,
		embed: async (request) => {
			const vectors = await client.embed(request);
			dims ??= vectors[0]?.length;
			return vectors;
		},
	};
	try {
		coverage = await probeCoverage(measuring, signal);
	} catch (error) {
		if (!(error instanceof EmbeddingError) || error.kind === "aborted") throw error;
		const status = { state: "paused", reason: error.kind, message: error.message } as const;
		setup.onProgress?.(status);
		return { meaning: null, status };
	}
	const restored = restoreSaved(cache, client.modelId, dims);
	const decoded = restored?.decoded;
	if (decoded?.refusal != null && decoded.refusal !== "other-model")
		process.stderr.write(`The saved vectors could not be used (${decoded.detail}): the notes are embedded again.\n`);
	const meaning = new MeaningIndex(client, coverage, decoded?.index ?? null);
	return {
		meaning,
		dropped: meaning.keepOnly(held()),
		stored: decoded?.index == null ? null : (restored?.saved ?? null),
	};
}

/**
 * Saves the vectors where the setup keeps them: nothing when it keeps none, saves none, or none is
 * made yet. Whether it saved.
 */
export function saveVectors(meaning: MeaningIndex, setup: MeaningSetup): boolean {
	const { cache, saves, client } = setup;
	const vectors = meaning.index;
	// At once: the MCP server saves as it exits. The saved vectors it copies are read in their file.
	return (
		cache !== null && saves && vectors !== null && cache.saveVectors(client.modelId, encodeVectorSnapshotNow(vectors))
	);
}

/**
 * Saves the vectors (`saveVectors`), then, for a host that lives on (the MCP server), reads them
 * from what was saved: the index restored from the file is put in place of the one in memory, so
 * the vectors embedded since the last save leave memory (see `MeaningIndex.takeRestored`). The
 * release of the stored snapshot read from now on, the one before let go; `releasePrevious` when
 * the index stays as it was.
 */
export function saveAndReadBack(
	meaning: MeaningIndex,
	setup: MeaningSetup,
	releasePrevious: (() => void) | null,
): (() => void) | null {
	const vectors = meaning.index;
	if (vectors === null) return releasePrevious;
	const version = vectors.version;
	const saved = saveVectors(meaning, setup) ? (setup.cache?.loadVectors(vectors.modelId) ?? null) : null;
	if (saved === null) return releasePrevious;
	const expected = { modelId: vectors.modelId, dims: vectors.dims };
	const decoded = decodeVectorSnapshot(saved.bytes, expected, { rowsFrom: saved.rowsFrom });
	if (decoded.index === null || !meaning.takeRestored(decoded.index, version)) {
		saved.release();
		return releasePrevious;
	}
	releasePrevious?.();
	// Only its release is kept: its bytes, the whole file read, were decoded into the index.
	return saved.release;
}

/**
 * Search by meaning over the notes `index` holds (`openMeaning`), what they lack embedded (each
 * note read through the privacy view, as the index read it), and the vectors saved as it goes. A
 * server that fails pauses it with what was embedded so far kept (`meaning` is `null` when it
 * could not even be asked what it reads); search then goes on by keyword.
 */
export async function meaningOverIndex(
	index: RetrievalIndex,
	view: VaultView,
	setup: MeaningSetup,
): Promise<{ readonly meaning: MeaningIndex | null; readonly status: MeaningStatus }> {
	const opened = await openMeaning(setup, () => new Set(index.notePaths()));
	if (opened.meaning === null) return opened;
	const { meaning } = opened;
	const paths = index.notePaths();
	// A first embedding of a large vault takes hours on a laptop: what is done is saved as it goes,
	// so that a run stopped half-way (Ctrl-C, the laptop closed) keeps it.
	let savedAt = 0;
	const status = await meaning.catchUp(notesOf(paths, view), {
		notesTotal: paths.length,
		onProgress: (progress) => {
			setup.onProgress?.(progress);
			if (progress.state !== "embedding" || progress.embedded - savedAt < SAVE_EVERY_TEXTS) return;
			savedAt = progress.embedded;
			saveVectors(meaning, setup);
		},
	});
	setup.onProgress?.(status);
	const embedded = status.state === "ready" ? status.embedded > savedAt : meaning.index !== null;
	if (embedded || (opened.dropped > 0 && savedAt === 0)) saveVectors(meaning, setup);
	return { meaning, status };
}

/** Each note's chunks as the index cut them, read now through the view: one hidden or gone since is left out. */
async function* notesOf(paths: readonly string[], view: VaultView): AsyncGenerator<NoteChunks> {
	for (const path of paths) {
		const note = await chunksOf(path, view);
		if (note !== null) yield note;
	}
}

/** The note's chunks as the index cuts them, its text read now through the view; `null` when it is hidden or gone. */
export async function chunksOf(path: string, view: VaultView): Promise<NoteChunks | null> {
	let content: string;
	try {
		content = await view.read(path);
	} catch {
		return null;
	}
	return { path, chunks: chunkNote(content, view.getMetadata(path)) };
}

/**
 * The vectors saved for the model, restored with their rows read in the file where they were
 * saved, a query's candidates at a time: what stays in memory is what a query scans (see
 * `VectorIndex`). The snapshot's bytes are let go once decoded.
 */
function restoreSaved(
	cache: IndexCache | null,
	modelId: string,
	dims: number | undefined,
): { readonly decoded: DecodedSnapshot; readonly saved: StoredSnapshot } | null {
	const saved = cache?.loadVectors(modelId) ?? null;
	if (saved === null) return null;
	const decoded = decodeVectorSnapshot(saved.bytes, { modelId, dims }, { rowsFrom: saved.rowsFrom });
	if (decoded.index === null) saved.release();
	return { decoded, saved };
}
