import type { NoteMetadata } from "../metadata";

/** Size and modification time of a file, which together tell whether an indexed copy is current. */
export interface FileVersion {
	readonly mtime: number;
	readonly size: number;
}

/** One note as the index receives it: plain data, from the vault and the metadata cache. */
export interface NoteInput {
	readonly path: string;
	readonly content: string;
	/** Obsidian's cached metadata for the note; `null` while the cache does not know it yet. */
	readonly metadata: NoteMetadata | null;
	readonly stat: FileVersion;
}

/** A passage of a note: the unit that BM25 scores. */
export interface Chunk {
	/** Headings above the passage, outermost first, joined with " > " (empty before the first heading). */
	readonly headingTrail: string;
	/** 1-based, inclusive. */
	readonly startLine: number;
	/** 1-based, inclusive. */
	readonly endLine: number;
	readonly text: string;
}
