import type { Clock, NoteStore, ResolvedLinks, TaskScheduler } from "../../ports";
import type { IndexStore } from "./indexStore";
import type { VaultView } from "../../vault/vaultView";
import type { IndexStats, SearchOptions } from "../index";

export type { ResolvedLinks };

/** What the service reaches the vault, the device's store and the clock through. */
export interface IndexServicePorts {
	/** Every file's path, size and times, hidden ones included, so that the index can count what it leaves out. */
	readonly files: Pick<NoteStore, "listFiles" | "stat">;
	/** The only way the index reads a note's text: hidden notes cannot be read through it. */
	readonly notes: VaultView;
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
