import type { TaskScheduler } from "../../ports";
import type { VaultView } from "../../vault/vaultView";
import type { LinkGraph } from "../notes/linkGraph";
import type { SearchHit, SearchOptions } from "../searchTypes";
import type { VectorStore } from "../service/indexStore";
import type { MemorySearchOptions } from "../service/serviceTypes";
import type { KeywordIndex } from "./hybridSearch";

/** The keyword index search by meaning follows and is fused with (`IndexService`). */
export interface KeywordSide {
	/** Whether the index is built: before, it holds no note, and no vector may be dropped for that. */
	isReady(): boolean;
	/** The notes the index holds now: those the privacy view shows that it could read. */
	notePaths(): string[];
	holds(path: string): boolean;
	/** The vault's links, as search reads them. */
	linkGraph(): LinkGraph;
	/** Keyword search as every caller gets it. */
	search(query: string, options: MemorySearchOptions): SearchHit[];
	/** The index as hybrid search reads it, its answers held to the privacy view; `null` before it is restored. */
	fusable(): KeywordIndex | null;
	/** A search's options with what the index adds to every search (today, the hot set, the links). */
	searchOptions(options: MemorySearchOptions): SearchOptions;
}

export interface MeaningServicePorts {
	/** The only way notes are read and judged: a hidden note is never read, embedded or kept. */
	readonly notes: Pick<VaultView, "read" | "getMetadata" | "stat">;
	readonly keyword: KeywordSide;
	readonly store: VectorStore;
	readonly scheduler: TaskScheduler;
	/** A failure lived through (a store that failed); the host may log it. */
	readonly onError?: (error: unknown) => void;
}

export interface MeaningServiceOptions {
	/** How long after the user's last keystroke embedding waits. */
	readonly typingQuietMs?: number;
	/** The pause between two rounds of notes: the server and the window both get their breath. */
	readonly roundPauseMs?: number;
	/** Notes read and embedded in one round. */
	readonly notesPerRound?: number;
	/** How long the vectors stay unchanged before they are saved. */
	readonly saveQuietMs?: number;
	readonly sliceMs?: number;
	/**
	 * How long a search waits for its query's vector before it answers by keyword: a query is one
	 * short text, not the minutes a batch of passages may take on a slow server.
	 */
	readonly queryWaitMs?: number;
}

export const MEANING_DEFAULTS: Required<MeaningServiceOptions> = {
	typingQuietMs: 2_000,
	roundPauseMs: 100,
	notesPerRound: 32,
	// Each save writes every vector anew (tens of megabytes on a large vault): a crash loses at most these two minutes of embedding.
	saveQuietMs: 120_000,
	sliceMs: 15,
	queryWaitMs: 15_000,
};
