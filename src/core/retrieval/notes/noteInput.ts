import type { SkipReason } from "../../vault/indexPolicy";
import type { NoteMetadata } from "../../metadata";

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
	/**
	 * Why the privacy view hides the note, when it does: the note is recorded as left out for that
	 * reason, its text and properties never looked at (they come empty).
	 */
	readonly hiddenBy?: SkipReason;
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
