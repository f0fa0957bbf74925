import { EmbeddingError, type EmbeddingClient } from "../../model/embeddingClient";
import { runInSlices, type Slicing } from "../indexing/slicedIndexing";
import { probeCoverage } from "../ranking/coverageProbe";
import type { VectorStore } from "../service/indexStore";
import type { VectorIndex } from "../vectors/vectorIndex";
import type { StoredSnapshot } from "../vectors/vectorRows";
import { decodeVectorSnapshotSteps, type SnapshotExpectation } from "../vectors/vectorSnapshot";
import { MeaningIndex, type MeaningStatus } from "./meaningIndex";

/** A snapshot just saved, and the index as it was when the snapshot was begun. */
export interface SavedSince {
	readonly stored: StoredSnapshot;
	readonly meaning: MeaningIndex;
	/** The vector index's `version` when the snapshot was begun: unchanged since, it holds what was saved. */
	readonly version: number;
}

/** A model's start: its vectors restored from the device, or none and the model asked what it reads, or its server failing. */
export type OpenedModel =
	| {
			readonly meaning: MeaningIndex;
			/** The snapshot the vectors were restored from, whose rows they read; `null` for none. */
			readonly stored: StoredSnapshot | null;
			readonly versions: Map<string, string>;
	  }
	| { readonly meaning: null; readonly paused: Extract<MeaningStatus, { state: "paused" }> };

export interface StartPorts {
	readonly store: VectorStore;
	readonly slicing: Slicing;
	readonly onError?: (error: unknown) => void;
	/** Whether the start was overtaken (another model, or the service closed): it then stops, and gives `null`. */
	readonly overtaken: () => boolean;
}

/**
 * Search by meaning with `client`'s model: the vectors saved on this device for it restored
 * without a call to the server (unless `fresh`), their rows left where they are stored; without
 * them, the model asked first which languages it reads. `null` once overtaken.
 */
export async function openModel(
	client: EmbeddingClient,
	fresh: boolean,
	ports: StartPorts,
): Promise<OpenedModel | null> {
	const saved = fresh
		? null
		: await ports.store.loadVectors(client.modelId).catch((error: unknown) => {
				ports.onError?.(error);
				return null;
			});
	const index = saved === null ? null : await restoredIndex(saved, { modelId: client.modelId }, ports.slicing);
	if (ports.overtaken()) {
		if (index !== null) saved?.release();
		return null;
	}
	if (saved !== null && index !== null)
		return {
			meaning: new MeaningIndex(client, saved.coverage, index),
			stored: saved,
			versions: new Map(saved.versions),
		};
	let meaning: MeaningIndex;
	try {
		meaning = new MeaningIndex(client, await probeCoverage(client));
	} catch (error) {
		if (!(error instanceof EmbeddingError) || error.kind === "aborted") throw error;
		return ports.overtaken()
			? null
			: { meaning: null, paused: { state: "paused", reason: error.kind, message: error.message } };
	}
	return ports.overtaken() ? null : { meaning, stored: null, versions: new Map() };
}

/**
 * After a save, the index as the store holds it, in place of the one in memory: the vectors
 * embedded since the last save (and the rows of notes dropped or put again) are let go, and read
 * from the store as the restored ones are. Only when the index did not change since the snapshot
 * was begun (else it waits for the next save); `true` when it was put in place. The snapshot is
 * let go when it is not taken.
 */
export async function takeSaved(saved: SavedSince, slicing: Slicing, current: () => boolean): Promise<boolean> {
	const { stored, meaning, version } = saved;
	const index = meaning.index;
	const unchanged = () => current() && meaning.index === index && index?.version === version;
	if (index === null || !unchanged()) {
		stored.release();
		return false;
	}
	const restored = await restoredIndex(stored, { modelId: index.modelId, dims: index.dims }, slicing);
	if (restored === null) return false;
	if (!unchanged() || !meaning.takeRestored(restored, version)) {
		stored.release();
		return false;
	}
	return true;
}

/** The vector index of a stored snapshot, decoded in time slices; `null`, the snapshot let go, when it restores nothing. */
async function restoredIndex(
	stored: StoredSnapshot,
	expected: SnapshotExpectation,
	slicing: Slicing,
): Promise<VectorIndex | null> {
	const decoded = await runInSlices(
		decodeVectorSnapshotSteps(stored.bytes, expected, { rowsFrom: stored.rowsFrom }),
		slicing,
	);
	if (decoded.index === null) stored.release();
	return decoded.index;
}

/** `client`, the dimension of each of its answers told to `answered` (a model replaced under its name answers in another). */
export function measuredClient(client: EmbeddingClient, answered: (dims: number | undefined) => void): EmbeddingClient {
	return {
		modelId: client.modelId,
		embed: async (request) => {
			const vectors = await client.embed(request);
			answered(vectors[0]?.length);
			return vectors;
		},
	};
}
