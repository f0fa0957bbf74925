/**
 * The ports through which the domain reaches the outside world. The domain (everything under
 * `src/core/`) knows nothing of Obsidian: the plugin implements these ports over `App`, the test
 * harness over an in-memory vault that follows Obsidian's observable rules, and the headless
 * command line over a folder on disk.
 *
 * Every path crossing a port is vault-relative and already normalized (forward slashes, no
 * leading or trailing slash, no `./`), as Obsidian's `normalizePath` makes it.
 */

import type { NoteMetadata } from "./metadata";

/** A file as the vault lists it. `mtime` and `ctime` are milliseconds since the epoch. */
export interface FileStat {
	readonly path: string;
	readonly size: number;
	readonly mtime: number;
	readonly ctime: number;
}

/** What a move left undone: the notes whose links to what moved were left as they were. */
export interface RenameOutcome {
	readonly linksLeft: readonly string[];
}

/**
 * Notes and folders of the vault. Writes go through this port only; each one is atomic in the
 * way Obsidian makes it (`Vault.create`, `Vault.process`, `FileManager.renameFile`).
 */
export interface NoteStore {
	/** The vault's configuration folder (`Vault.configDir`), usually `.obsidian`. */
	readonly configDir: string;

	/**
	 * Every file in the vault, in no particular order. With `accept`, a store may leave out the
	 * files whose path it does not take, and spare making their stats; a caller filters anyway.
	 */
	listFiles(accept?: (path: string) => boolean): FileStat[];
	/**
	 * The files directly in `folder` (`""`: the vault's root), not those of its subfolders, in no
	 * particular order; none when there is no such folder. What a lookup of a few known names in
	 * one folder asks, at the cost of that folder rather than of the whole vault.
	 */
	filesIn(folder: string): FileStat[];
	/** Every folder in the vault except the root, in no particular order. */
	listFolders(): string[];
	/** The file at `path`, or `null` when there is none (a folder is not a file). */
	stat(path: string): FileStat | null;
	/** Whether a folder exists at `path`. */
	isFolder(path: string): boolean;

	read(path: string): Promise<string>;
	/** The file's bytes as they are on disk (`Vault.readBinary`), before any decoding. */
	readBinary(path: string): Promise<Uint8Array>;
	/** Creates a new file; rejects when anything already exists at `path`. Parent folders are created. */
	create(path: string, content: string): Promise<FileStat>;
	/**
	 * Atomically replaces a file's content with `transform(current)`. The callback is synchronous
	 * so that nothing can write between the read and the write. Returns the new content.
	 */
	process(path: string, transform: (current: string) => string): Promise<string>;
	/**
	 * Changes a note's properties: `update` is given them as an object to change in place, and the
	 * properties block is written back (`FileManager.processFrontMatter` in Obsidian), the body as
	 * it was. Rejects, writing nothing, when the block is not a set of properties. Returns the
	 * note's text before and after.
	 */
	processFrontMatter(
		path: string,
		update: (properties: Record<string, unknown>) => void,
	): Promise<{ before: string; after: string }>;
	/** Creates a folder and its parents; does nothing when it exists. */
	ensureFolder(path: string): Promise<void>;
	/**
	 * Moves a file or folder; links to it elsewhere in the vault follow (`FileManager.renameFile`),
	 * except in a note that is not plain UTF-8 text, whose bytes are never rewritten: a host that
	 * leaves its links names it in `linksLeft`.
	 */
	rename(from: string, to: string): Promise<RenameOutcome>;
}

/** `metadataCache.resolvedLinks`: source path → target path → number of links. */
export type ResolvedLinks = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** What the metadata cache knows of the vault. */
export interface MetadataSource {
	/** The cached metadata of a markdown file, or `null` when it is not (yet) known. */
	getMetadata(path: string): NoteMetadata | null;
	/** The file a link points to from `sourcePath`, or `null` when it is unresolved. */
	resolveLink(linkpath: string, sourcePath: string): string | null;
	/** Every note's resolved links, embeds and frontmatter links (`MetadataCache.resolvedLinks`). */
	readonly resolvedLinks: ResolvedLinks;
	/**
	 * `false` while the cache has not yet resolved every note's links (Obsidian's start): a file
	 * they may link to cannot be judged by them yet. Absent for a source that resolves as it reads.
	 */
	readonly linksResolved?: boolean;
}

/** The time, injected so that "today" is testable. Local dates use the runtime's time zone. */
export interface Clock {
	now(): Date;
}

/**
 * The plugin's own append-only log file (the audit trail), kept in the plugin's folder under the
 * configuration folder: outside the notes, so it is never indexed or synced as a note.
 */
export interface LogFile {
	append(line: string): Promise<void>;
	/** The whole log, or an empty string when it does not exist yet. */
	readAll(): Promise<string>;
	/** Replaces the whole log with `content` at once: after a crash it holds the old log or the new one. */
	replace(content: string): Promise<void>;
}

/** Short messages to the user (`Notice` in Obsidian, stderr on the command line). */
export interface Notifier {
	notify(message: string): void;
}

/**
 * Time on the main thread, for work spread over slices: a monotonic clock, a way to give the
 * host the thread back, and a cancellable timer.
 */
export interface TaskScheduler {
	/** Milliseconds from an arbitrary origin, never going back (`performance.now`). */
	now(): number;
	/** Resolves once the host has had the thread (input, rendering) in between. */
	yieldToHost(): Promise<void>;
	/** Runs `callback` after `ms` milliseconds; the returned function cancels it. */
	delay(callback: () => void, ms: number): () => void;
}
