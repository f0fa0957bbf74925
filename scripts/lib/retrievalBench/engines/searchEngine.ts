import type { NoteInput, RankingParams } from "../../../../src/core/retrieval";

export const ENGINE_NAMES = ["ours", "fts5", "minisearch", "fuse"] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** What every engine is created with; only ours reads it (the baselines have no clock and no knobs). */
export interface EngineSetup {
	/** The injected clock searches run at: daily notes decay by their age on this day. */
	readonly now: Date;
	/** Ranking parameters to try instead of the defaults (the evaluation's `--ranking`). */
	readonly ranking?: Partial<RankingParams>;
}

/** An index as it would be persisted between sessions: bytes (structured clone) or text (JSON). */
export type StoredIndex = Uint8Array | string;

/**
 * One search engine behind the interface the benchmark and the evaluation drive: the same notes
 * in, paths out, one entry per note, so that engines that rank chunks compare with one that ranks notes.
 */
export interface SearchEngine {
	readonly name: EngineName;
	/** Indexes a whole vault from nothing, ready to answer at once. */
	build(notes: readonly NoteInput[]): void;
	/** The paths of the best `limit` notes, best first. */
	search(query: string, limit: number): string[];
	/** Re-indexes one changed note. */
	update(note: NoteInput): void;
	/** The index as it would be persisted, or `null` for an engine that keeps nothing and rebuilds. */
	save(): StoredIndex | null;
	/** A restart: loads `stored` and catches up with the vault as it is now; without it, rebuilds. */
	restore(stored: StoredIndex | null, notes: readonly NoteInput[]): void;
	/** Memory the engine holds outside the JavaScript heap (a WebAssembly heap), in bytes; absent when it holds none. */
	nativeBytes?(): number;
	/** Frees what the garbage collector cannot (a database connection); absent when there is nothing to free. */
	dispose?(): void;
}
