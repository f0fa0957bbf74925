import { lstatSync, mkdirSync, realpathSync, renameSync } from "node:fs";
import { join } from "node:path";
import type { CachedMetadata } from "obsidian";
import type { FileStat, MetadataSource, NoteStore, RenameOutcome } from "../../src/core/ports";
import { WriteRefusedError } from "../../src/core/vault/auditedWriter";
import { plainTextOf, utf8TextOf } from "../../src/core/vault/plainText";
import { extensionOf, fileName, isInFolder, normalizeVaultPath, parentFolder } from "../../src/core/vault/paths";
import { countLinks, countLinkTargets, referencesOf, type LinkCounts } from "../links/linkCounts";
import { LinkResolver } from "../links/linkResolver";
import { rewriteLinks, type VaultMove } from "../links/linkRewrite";
import { computeMetadata } from "../metadata";
import {
	createFileExclusively,
	moveWithoutReplacing,
	readFileNoFollow,
	replaceFileAtomically,
	syncFolder,
} from "./atomicFile";
import { fileStatOf, listVaultFolder, type DiskListing } from "./diskListing";
import type { HostProblemSink } from "./hostProblems";
import { assertNoSymlinkBelow, lstatOrNull, makeFolderBelow } from "./noSymlinks";
import { HeldFile, keepsAddedLines } from "./heldFile";
import { NOTES_WRITTEN, PLUGIN_FILES_WRITTEN, removeDeadWritersFiles, temporaryFilesIn } from "./leftoverTemporaries";
import { withPathLock } from "./pathLock";
import { WriteWatch, type Landed } from "./writeWatch";
import { pluginFolderIn } from "./pluginFolder";
import { processFrontMatterWith } from "./frontmatterUpdate";

export interface DiskVaultOptions {
	readonly configDir?: string;
	/** Where skipped names and unreadable notes are reported. */
	readonly problems: HostProblemSink;
	/** How long a write waits for another process writing the same note, in milliseconds. */
	readonly lockTimeoutMs?: number;
	/** Obsidian's metadata for a note's text; the headless parser by default. */
	readonly parseMetadata?: (content: string) => CachedMetadata;
	/**
	 * How long a write waits after its rename before it checks that an editor saving in place did
	 * not save into the file it renamed over, in milliseconds (`SETTLE_MS` by default; 0 checks at
	 * once). A save of an older copy over the note later is `WriteWatch`'s.
	 */
	readonly settleMs?: number;
	/**
	 * Told of each write made again because another program saved an older copy over it (see
	 * `WriteWatch`): the text it was made on and the text it made, for the audit trail.
	 */
	readonly onWrittenAgain?: (path: string, before: string, after: string) => Promise<void>;
}

/** How often a write is redone when the note keeps changing under it before it lands. */
const WRITE_ATTEMPTS = 8;

/**
 * Longer than Obsidian takes between opening a note to save it and finishing that save (a few
 * milliseconds): a save begun into the file a rename replaced lands within it, and so is found.
 */
const SETTLE_MS = 50;

function pause(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * What `resolvedLinks` needs of a note: the links it holds (frontmatter links, links, embeds, in
 * Obsidian's order), as of the note's time and size. A host saves them beside its search index so
 * that its next start resolves them without parsing every note again.
 */
export interface NoteLinks {
	readonly mtime: number;
	readonly size: number;
	readonly links: readonly string[];
}

interface CachedNote {
	readonly mtime: number;
	readonly size: number;
	readonly metadata: CachedMetadata | null;
}

/**
 * A vault folder on disk with the rules of Obsidian's Vault API, for every host outside Obsidian
 * (the command line, the sandbox). Nothing is kept for writing: each read and each write takes the
 * file's bytes from disk at that moment, so an edit the user makes meanwhile (in Obsidian, in an
 * editor) is what the write builds on. Each write is atomic (a temporary file flushed, then renamed
 * over the note), serialized with other processes by a lock per note, and redone on the note's
 * latest content when it changed between read and rename, or when an editor saved an older copy
 * over it within moments after (`WriteWatch`). A note that is not valid UTF-8 is never rewritten.
 * Nothing is written or read through a symbolic link. The listing is taken at open and kept up to date by the store's own writes;
 * metadata is computed per note when asked, again whenever the note changed on disk.
 */
export class DiskVault implements NoteStore, MetadataSource {
	readonly configDir: string;
	private listing: DiskListing;
	private readonly notes = new Map<string, CachedNote>();
	private readonly problems: HostProblemSink;
	private readonly lockTimeoutMs: number | undefined;
	private readonly parse: (content: string) => CachedMetadata;
	private readonly settleMs: number;
	private readonly watch: WriteWatch;
	private resolverCache: LinkResolver | null = null;
	private linkCounts: LinkCounts | null = null;
	private readonly noteLinks = new Map<string, NoteLinks>();

	private constructor(
		readonly root: string,
		options: DiskVaultOptions,
	) {
		this.configDir = options.configDir ?? ".obsidian";
		this.problems = options.problems;
		this.lockTimeoutMs = options.lockTimeoutMs;
		this.parse = options.parseMetadata ?? computeMetadata;
		this.settleMs = options.settleMs ?? SETTLE_MS;
		this.listing = this.listed();
		this.watch = new WriteWatch({
			textNow: (target) => this.textNow(target),
			writeAgain: async (target, transform) => {
				const { landed } = await this.replaceLocked(target, transform);
				// The write stands even when its record cannot be added: it is not reported lost for that.
				if (landed !== null) await options.onWrittenAgain?.(target, landed.current, landed.next).catch(() => undefined);
				return landed;
			},
			lost: (target, savedOver, error) => this.problems.report({ kind: "write-lost", path: target, savedOver, error }),
		});
	}

	/** The note's text on disk now, once a save under way into it has ended; `null` when it is gone. */
	private async textNow(target: string): Promise<string | null> {
		try {
			this.guard(target);
			const held = await HeldFile.openSaved(this.fullPath(target));
			held.close();
			return held.bytes.toString("utf8");
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
			throw error;
		}
	}

	/** The vault in folder `root`, its files and folders listed now. */
	static open(root: string, options: DiskVaultOptions): DiskVault {
		return new DiskVault(realpathSync(root), options);
	}

	/**
	 * Lists the folder again, for a host that lives on while other processes write (the MCP
	 * server, while Obsidian is open on the same vault): files they made, changed or deleted since
	 * are listed as they are now. Contents were never kept, so nothing else goes stale.
	 */
	rescan(): void {
		this.listing = this.listed();
		this.resolverCache = null;
		this.linkCounts = null;
	}

	/**
	 * The folder as it is now, once what writes killed half-way left in it is removed: their
	 * temporary files beside the notes, and beside the settings and logs in the plugin's folder.
	 */
	private listed(): DiskListing {
		const listing = listVaultFolder(this.root, this.configDir, this.problems);
		removeDeadWritersFiles(this.root, listing.temporaries, NOTES_WRITTEN);
		const pluginFiles = temporaryFilesIn(this.root, pluginFolderIn(this.configDir));
		removeDeadWritersFiles(this.root, pluginFiles, PLUGIN_FILES_WRITTEN);
		return listing;
	}

	listFiles(): FileStat[] {
		return [...this.listing.files.values()].map((file) => file.stat);
	}

	/** From the listing, as `listFiles`: a file another process made since shows after `rescan`. */
	filesIn(folder: string): FileStat[] {
		const files: FileStat[] = [];
		for (const [path, file] of this.listing.files) if (parentFolder(path) === folder) files.push(file.stat);
		return files;
	}

	listFolders(): string[] {
		return [...this.listing.folders.keys()];
	}

	/**
	 * The file at `path` as it is on disk now, `null` when there is none. Throws `UnsafePathError`
	 * for a path that is or passes through a symbolic link: the writer refuses it by that error,
	 * and a reader asking for it by name learns why it cannot have it.
	 */
	stat(path: string): FileStat | null {
		const target = vaultPathOf(path);
		if (!this.isVaultPath(target)) return null;
		this.guard(target);
		const listed = this.listing.files.get(target);
		const disk = listed?.disk ?? this.diskPathOf(target);
		const stat = lstatOrNull(join(this.root, disk));
		if (stat === null || !stat.isFile()) {
			if (listed !== undefined) this.forget(target);
			return null;
		}
		if (listed !== undefined) listed.stat = fileStatOf(target, stat);
		// A file another process made since the vault was listed.
		else this.remember(target, disk, fileStatOf(target, stat));
		return this.listing.files.get(target)?.stat ?? null;
	}

	/** Whether a folder is at `path`; the root (`/`) is one. */
	isFolder(path: string): boolean {
		const normalized = vaultPathOf(path);
		return normalized === "/" || this.listing.folders.has(normalized);
	}

	async read(path: string): Promise<string> {
		return this.readNow(path);
	}

	/**
	 * `read` at once: for what must answer synchronously (the user's daily note template, read
	 * when a daily memory entry creates the day's note).
	 */
	readNow(path: string): string {
		return this.bytesNow(path).toString("utf8");
	}

	/** The file's bytes as they are on disk now. */
	async readBinary(path: string): Promise<Buffer> {
		return this.bytesNow(path);
	}

	private bytesNow(path: string): Buffer {
		const target = vaultPathOf(path);
		if (this.stat(target) === null) throw new Error(`File not found: ${target}`);
		return readFileNoFollow(this.fullPath(target));
	}

	async create(path: string, content: string): Promise<FileStat> {
		const target = vaultPathOf(path);
		if (target === "/") throw new Error("Invalid file path: the vault root.");
		if (this.stat(target) !== null || this.isFolder(target)) throw new Error("File already exists.");
		await this.ensureFolder(parentFolder(target));
		this.guard(target);
		const disk = this.diskPathOf(target);
		try {
			createFileExclusively(join(this.root, disk), content);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new Error("File already exists.");
			throw error;
		}
		const stat = fileStatOf(target, lstatSync(join(this.root, disk)));
		this.remember(target, disk, stat);
		return stat;
	}

	/**
	 * Obsidian's `Vault.process` on disk. The write is watched for a few seconds after it returns
	 * (see `WriteWatch`): an editor's save of an older copy over it is undone by making it again.
	 */
	async process(path: string, transform: (current: string) => string): Promise<string> {
		const target = vaultPathOf(path);
		if (this.stat(target) === null) throw new Error(`File not found: ${target}`);
		const { text, landed } = await this.replaceLocked(target, transform);
		if (landed !== null) this.watch.watch(target, transform, landed);
		return text;
	}

	/**
	 * Once no write is watched any more: the notes where a write was undone and could not be made
	 * to stand (each also reported as a `write-lost` problem). The watch's timers keep a command
	 * line's process alive until then by themselves; this is for a caller that must know.
	 */
	settled(): Promise<string[]> {
		return this.watch.settled();
	}

	private replaceLocked(
		target: string,
		transform: (current: string) => string,
	): Promise<{ readonly text: string; readonly landed: Landed | null }> {
		makeFolderBelow(this.root, this.lockFolder);
		const lock = { folder: join(this.root, this.lockFolder), timeoutMs: this.lockTimeoutMs };
		return withPathLock(lock, target, () => this.replace(target, transform));
	}

	/** As Obsidian writes properties (`withUpdatedFrontmatter`), in one atomic `process`. */
	async processFrontMatter(
		path: string,
		update: (properties: Record<string, unknown>) => void,
	): Promise<{ before: string; after: string }> {
		return processFrontMatterWith((target, transform) => this.process(target, transform), path, update);
	}

	async ensureFolder(path: string): Promise<void> {
		const target = vaultPathOf(path);
		if (target === "/" || this.listing.folders.has(target)) return;
		if (this.stat(target) !== null) throw new Error(`A file is in the way of folder ${target}.`);
		await this.ensureFolder(parentFolder(target));
		const disk = this.diskPathOf(target);
		makeFolderBelow(this.root, disk, target);
		this.listing.folders.set(target, disk);
	}

	/**
	 * Moves a file or folder, and rewrites the links to what moved in the notes that hold them, as
	 * Obsidian's `FileManager.renameFile` does, except in a note that is not plain UTF-8 text
	 * (Latin-1, a NUL byte): its links are left and it is named in `linksLeft`.
	 */
	async rename(from: string, to: string): Promise<RenameOutcome> {
		const source = vaultPathOf(from);
		const target = vaultPathOf(to);
		const isFile = this.stat(source) !== null;
		if (!isFile && !this.isFolder(source)) throw new Error(`No file or folder at ${source}.`);
		if (source === target) return { linksLeft: [] };
		if (this.stat(target) !== null || this.isFolder(target)) throw new Error("Destination file already exists!");
		if (isInFolder(target, source)) throw new Error(`Cannot move ${source} into itself.`);
		await this.ensureFolder(parentFolder(target));
		this.guard(target);
		const before = this.resolver();
		const moved = this.movedPaths(source, target);
		const linking = this.notesLinkingTo(new Set(moved.keys()), before);
		const sourceDisk = this.diskPathOf(source);
		const targetDisk = this.diskPathOf(target);
		moveEntryWithoutReplacing(join(this.root, sourceDisk), join(this.root, targetDisk), isFile);
		this.relist(source, target, sourceDisk, targetDisk);
		const vaultMove: VaultMove = { before, after: this.resolver(), moved };
		const left: string[] = [];
		for (const oldPath of linking) {
			const newPath = moved.get(oldPath) ?? oldPath;
			// Its links are left as they are: rewriting them would replace its other bytes for good.
			if (plainTextOf(this.bytesNow(newPath)) === null) {
				left.push(newPath);
				continue;
			}
			try {
				await this.process(newPath, (current) =>
					this.rewrittenOrAsIs(current, { before: oldPath, after: newPath }, vaultMove),
				);
			} catch (error) {
				// Saved as other bytes since it was looked at: refused by the write itself, left too.
				if (!(error instanceof WriteRefusedError)) throw error;
				left.push(newPath);
			}
		}
		return { linksLeft: left };
	}

	/**
	 * The note's metadata for its content on disk now, computed again when the file's time or
	 * size changed; `null` for a file that is not a note, and for a note that cannot be parsed
	 * (reported, so the user can fix it; the core treats it as unreadable and hides it).
	 */
	getMetadata(path: string): CachedMetadata | null {
		const target = vaultPathOf(path);
		const listed = this.listing.files.get(target);
		if (listed === undefined || extensionOf(target) !== "md") return null;
		const stat = lstatOrNull(join(this.root, listed.disk));
		if (stat === null || !stat.isFile()) return null;
		listed.stat = fileStatOf(target, stat);
		const cached = this.notes.get(target);
		if (cached !== undefined && cached.mtime === stat.mtimeMs && cached.size === stat.size) return cached.metadata;
		const metadata = this.computed(target, listed.disk);
		this.notes.set(target, { mtime: stat.mtimeMs, size: stat.size, metadata });
		this.linkCounts = null;
		return metadata;
	}

	resolveLink(linkpath: string, sourcePath: string): string | null {
		return this.resolver().resolve(linkpath, vaultPathOf(sourcePath));
	}

	/**
	 * `MetadataCache.resolvedLinks`: an entry for every note, possibly empty. A note whose time and
	 * size are those its links were last taken at (here or in `adoptLinks`) is not parsed again.
	 */
	get resolvedLinks(): LinkCounts {
		if (this.linkCounts !== null) return this.linkCounts;
		const resolver = this.resolver();
		const counts: LinkCounts = {};
		for (const [path, { stat }] of this.listing.files) {
			if (extensionOf(path) !== "md") continue;
			const known = this.noteLinks.get(path);
			const links =
				known !== undefined && known.mtime === stat.mtime && known.size === stat.size
					? known.links
					: this.linksNow(path);
			counts[path] = countLinkTargets(path, links, resolver).resolved;
		}
		this.linkCounts = counts;
		return counts;
	}

	/** Links taken from a note of another session (see `NoteLinks`), used while the note is unchanged. */
	adoptLinks(saved: Iterable<readonly [string, NoteLinks]>): void {
		for (const [path, links] of saved) if (!this.noteLinks.has(path)) this.noteLinks.set(path, links);
		this.linkCounts = null;
	}

	/** The links known of `paths`' notes, for a host to save. */
	linksOf(paths: Iterable<string>): Map<string, NoteLinks> {
		const known = new Map<string, NoteLinks>();
		for (const path of paths) {
			const links = this.noteLinks.get(path);
			if (links !== undefined) known.set(path, links);
		}
		return known;
	}

	/** The note's links as its content is now, remembered with its time and size. */
	private linksNow(path: string): readonly string[] {
		const metadata = this.getMetadata(path);
		const stat = this.listing.files.get(path)?.stat;
		const links = referencesOf(metadata ?? {}).map((reference) => reference.link);
		// An unreadable note has none now, and may have some once it can be parsed: not remembered.
		if (metadata !== null && stat !== undefined)
			this.noteLinks.set(path, { mtime: stat.mtime, size: stat.size, links });
		return links;
	}

	/** Where lock files are kept, below the root: the plugin's folder, never listed as notes. */
	private get lockFolder(): string {
		return `${pluginFolderIn(this.configDir)}/locks`;
	}

	/**
	 * One write under the note's lock: read, transform, write beside, rename when nothing changed
	 * meanwhile; made again when an editor that saves in place (Obsidian) wrote over it. The text
	 * the note holds after it, and the write as it landed (`null` when nothing was written).
	 *
	 * Such an editor opens the note by its name, empties it and writes it whole, with no temporary
	 * file and no lock. So two things can undo a rename. The editor may have opened the note just
	 * before the rename took the name: its save lands in the file read here, which no name leads
	 * to any more; the write is then made again on that save, in its place. Or the editor saves a
	 * copy it read before the rename: the lines the write added are gone from the note, which
	 * `WriteWatch` finds and makes good afterwards.
	 */
	private async replace(
		target: string,
		transform: (current: string) => string,
	): Promise<{ readonly text: string; readonly landed: Landed | null }> {
		// The last write made here and what it was built on, while it is not known to stand.
		let made: Landed | null = null;
		// A save an editor made into the file that write renamed over.
		let theirs: Buffer | null = null;
		for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
			this.guard(target);
			const full = this.fullPath(target);
			const held = await HeldFile.openSaved(full);
			try {
				// Decoded leniently, bytes that are not UTF-8 would be written back as U+FFFD, for good.
				const onDisk = utf8TextOf(held.bytes);
				const saved = theirs === null ? null : utf8TextOf(theirs);
				if (onDisk === null || (theirs !== null && saved === null))
					throw new WriteRefusedError("not-plain-text", target);
				// The name moved on from that write since: the save there was built on it, or was not.
				if (made !== null && onDisk !== made.next && keepsAddedLines(made.current, made.next, onDisk))
					return { text: made.next, landed: made };
				const current: string = saved !== null && onDisk === made?.next ? saved : onDisk;
				const next = transform(current);
				if (next === onDisk) return { text: next, landed: made };
				// Someone without our lock (the user in an editor) may have written since the read.
				if (!replaceFileAtomically(full, next, () => readFileNoFollow(full).equals(held.bytes))) continue;
				this.stat(target);
				this.notes.delete(target);
				this.linkCounts = null;
				made = { current, next };
				// At once, and again after the moment an editor takes to finish a save it began.
				theirs = await this.saveInto(held);
				if (theirs !== null) continue;
				await pause(this.settleMs);
				theirs = await this.saveInto(held);
				if (theirs !== null) continue;
				return { text: next, landed: made };
			} finally {
				held.close();
			}
		}
		throw new Error(
			made === null
				? `${target} kept changing while it was being written; nothing was written.`
				: `${target} kept changing while it was being written; the change was written, but may have been saved over since.`,
		);
	}

	/** What an editor saved into the file a write read, after it read it; `null` when nothing. */
	private async saveInto(held: HeldFile): Promise<Buffer | null> {
		return held.writtenSince() ? held.savedBytes() : null;
	}

	private computed(path: string, disk: string): CachedMetadata | null {
		try {
			return this.parse(readFileNoFollow(join(this.root, disk)).toString("utf8"));
		} catch {
			this.problems.report({ kind: "unreadable-metadata", path });
			return null;
		}
	}

	/** A note's content with its links to moved files rewritten; as it is when it cannot be parsed. */
	private rewrittenOrAsIs(content: string, note: { before: string; after: string }, vault: VaultMove): string {
		let metadata: CachedMetadata;
		try {
			metadata = this.parse(content);
		} catch {
			return content;
		}
		return rewriteLinks(content, metadata, note, vault);
	}

	/** Every file under `source` (or `source` itself) → its path under `target`. */
	private movedPaths(source: string, target: string): Map<string, string> {
		const moved = new Map<string, string>();
		for (const path of this.listing.files.keys())
			if (isInFolder(path, source)) moved.set(path, `${target}${path.slice(source.length)}`);
		return moved;
	}

	/** The notes with a link that resolves to one of `targets`: the only ones a move may rewrite. */
	private notesLinkingTo(targets: ReadonlySet<string>, resolver: LinkResolver): string[] {
		const linking: string[] = [];
		for (const path of this.listing.files.keys()) {
			const metadata = extensionOf(path) === "md" ? this.getMetadata(path) : null;
			if (metadata === null) continue;
			if (Object.keys(countLinks(path, metadata, resolver).resolved).some((linked) => targets.has(linked)))
				linking.push(path);
		}
		return linking;
	}

	/** The listing after `source` moved to `target`, contents included, their names on disk carried along. */
	private relist(source: string, target: string, sourceDisk: string, targetDisk: string): void {
		const renamed = (path: string) => `${target}${path.slice(source.length)}`;
		const renamedDisk = (disk: string) => `${targetDisk}${disk.slice(sourceDisk.length)}`;
		for (const [path, file] of [...this.listing.files]) {
			if (!isInFolder(path, source)) continue;
			this.listing.files.delete(path);
			this.notes.delete(path);
			this.listing.files.set(renamed(path), {
				disk: renamedDisk(file.disk),
				stat: { ...file.stat, path: renamed(path) },
			});
		}
		for (const [path, disk] of [...this.listing.folders]) {
			if (!isInFolder(path, source)) continue;
			this.listing.folders.delete(path);
			this.listing.folders.set(renamed(path), renamedDisk(disk));
		}
		this.resolverCache = null;
		this.linkCounts = null;
	}

	private remember(path: string, disk: string, stat: FileStat): void {
		this.listing.files.set(path, { disk, stat });
		this.resolverCache = null;
		this.linkCounts = null;
	}

	private forget(path: string): void {
		this.listing.files.delete(path);
		this.notes.delete(path);
		this.resolverCache = null;
		this.linkCounts = null;
	}

	/** Refuses a path that is or passes through a symbolic link. */
	private guard(path: string): void {
		assertNoSymlinkBelow(this.root, this.diskPathOf(path), path);
	}

	/** Whether `path` could be a note of the vault: not the root, the config folder or a dot-name. */
	private isVaultPath(path: string): boolean {
		const segments = path.split("/");
		return path !== "/" && segments[0] !== this.configDir && !segments.some((segment) => segment.startsWith("."));
	}

	/** The path below the root as named on disk: known files and folders by their own names, the rest as given. */
	private diskPathOf(path: string): string {
		const known = this.listing.files.get(path)?.disk ?? this.listing.folders.get(path);
		if (known !== undefined) return known;
		const parent = parentFolder(path);
		return parent === "" ? path : `${this.diskPathOf(parent)}/${fileName(path)}`;
	}

	private fullPath(path: string): string {
		return join(this.root, this.diskPathOf(path));
	}

	private resolver(): LinkResolver {
		this.resolverCache ??= new LinkResolver(this.listing.files.keys());
		return this.resolverCache;
	}
}

/**
 * Moves a file or folder, never over anything: a folder is renamed onto an empty folder made for
 * it just before (a rename may replace only an empty folder, and making it fails when the name is
 * taken).
 */
function moveEntryWithoutReplacing(from: string, to: string, isFile: boolean): void {
	try {
		if (isFile) {
			moveWithoutReplacing(from, to);
		} else {
			mkdirSync(to);
			renameSync(from, to);
		}
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "EEXIST" || (error as NodeJS.ErrnoException).code === "ENOTEMPTY") {
			throw new Error("Destination file already exists!");
		}
		throw error;
	}
	syncFolder(join(from, ".."));
	syncFolder(join(to, ".."));
}

/** `path` normalized as Obsidian does; refused when a `.` or `..` segment could lead out of the folder. */
function vaultPathOf(path: string): string {
	const normalized = normalizeVaultPath(path);
	if (normalized.split("/").some((segment) => segment === "." || segment === ".."))
		throw new Error(`Not a path inside the vault: ${path}`);
	return normalized;
}
