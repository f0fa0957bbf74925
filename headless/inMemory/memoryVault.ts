import type { CachedMetadata } from "obsidian";
import type { FileStat, MetadataSource, NoteStore, RenameOutcome } from "../../src/core/ports";
import { extensionOf, isInFolder, normalizeVaultPath, parentFolder } from "../../src/core/vault/paths";
import { Emitter } from "./emitter";
import { countLinks, type LinkCounts } from "../links/linkCounts";
import { LinkResolver } from "../links/linkResolver";
import { rewriteLinks } from "../links/linkRewrite";
import { computeMetadata } from "../metadata";
import { utf8ByteLength } from "../../src/core/audit/hash";
import type { VaultEvents, VaultItem } from "./vaultEvents";
import { processFrontMatterWith } from "../vault/frontmatterUpdate";

/**
 * A file to start with: its text, its bytes (read as Obsidian reads them: invalid UTF-8 becomes
 * U+FFFD in the text, the bytes stay as they were until a write), or a file known only by its
 * size (`content: null`, never read).
 */
export type SeedFile =
	| string
	| Uint8Array
	| {
			readonly content: string | Uint8Array | null;
			readonly size?: number;
			readonly ctime?: number;
			readonly mtime?: number;
	  };

export interface MemoryVaultOptions {
	configDir?: string;
	files?: Record<string, SeedFile>;
	/** Folders to start with besides those that hold files (empty folders). */
	folders?: readonly string[];
	/** Milliseconds since the epoch for file times; a fixed clock keeps tests repeatable. */
	now?: () => number;
	/** Obsidian's metadata for a note's text; the headless metadata parser by default. */
	parseMetadata?: (content: string) => CachedMetadata;
}

export interface TrashedFile {
	readonly path: string;
	readonly content: string | null;
}

interface StoredFile {
	content: string | null;
	/** The bytes the file was seeded with, while no write has replaced them. */
	bytes: Uint8Array | null;
	size: number;
	readonly ctime: number;
	mtime: number;
}

const isMarkdown = (path: string) => extensionOf(path) === "md";
const lenientUtf8 = new TextDecoder();
const fileItem = (path: string): VaultItem => ({ kind: "file", path });

/**
 * An in-memory vault with Obsidian's observable rules: normalized paths, `create` failing on
 * an existing path, atomic `process` with a synchronous callback, moves that carry a folder's
 * contents and update links elsewhere, a metadata cache with Obsidian's link resolution and
 * link maps, and events in Obsidian's order.
 *
 * Unlike Obsidian, indexing is synchronous: when a write's promise settles, the cache is up to
 * date. A listener of the vault event still sees the old cache, as it would in Obsidian.
 *
 * The vault behind the sandbox's page and the benchmarks, and the tests' vault. The page runs in
 * a browser, so this folder uses no Node built-in.
 */
export class MemoryVault extends Emitter<VaultEvents> implements NoteStore, MetadataSource {
	readonly configDir: string;
	/** `MetadataCache.resolvedLinks`: an entry for every markdown file, possibly empty. */
	readonly resolvedLinks: LinkCounts = {};
	/** `MetadataCache.unresolvedLinks`: an entry for every markdown file, possibly empty. */
	readonly unresolvedLinks: LinkCounts = {};
	/** Files removed by `trash`, oldest first, kept as Obsidian's trash keeps them. */
	readonly trashed: TrashedFile[] = [];
	private readonly files = new Map<string, StoredFile>();
	private readonly folders = new Set<string>();
	private readonly metadata = new Map<string, CachedMetadata>();
	private readonly now: () => number;
	private readonly parse: (content: string) => CachedMetadata;
	private resolverCache: LinkResolver | null = null;

	constructor(options: MemoryVaultOptions = {}) {
		super();
		this.configDir = options.configDir ?? ".obsidian";
		this.now = options.now ?? (() => Date.UTC(2026, 0, 1));
		this.parse = options.parseMetadata ?? computeMetadata;
		for (const folder of options.folders ?? []) this.addFolders(normalizeVaultPath(folder));
		for (const [path, seed] of Object.entries(options.files ?? {})) this.seed(normalizeVaultPath(path), seed);
		for (const path of this.files.keys()) this.index(path);
		this.relinkAll();
	}

	listFiles(): FileStat[] {
		return [...this.files.keys()].map((path) => this.statOf(path));
	}

	filesIn(folder: string): FileStat[] {
		return [...this.files.keys()].filter((path) => parentFolder(path) === folder).map((path) => this.statOf(path));
	}

	listFolders(): string[] {
		return [...this.folders];
	}

	stat(path: string): FileStat | null {
		const normalized = normalizeVaultPath(path);
		return this.files.has(normalized) ? this.statOf(normalized) : null;
	}

	/** Whether a folder is at `path`; the root (`/`) is one. */
	isFolder(path: string): boolean {
		const normalized = normalizeVaultPath(path);
		return normalized === "/" || this.folders.has(normalized);
	}

	async read(path: string): Promise<string> {
		return this.textOf(normalizeVaultPath(path)).content;
	}

	async readBinary(path: string): Promise<Uint8Array> {
		const { file, content } = this.textOf(normalizeVaultPath(path));
		return file.bytes === null ? new TextEncoder().encode(content) : file.bytes.slice();
	}

	async create(path: string, content: string): Promise<FileStat> {
		const target = normalizeVaultPath(path);
		if (target === "/") throw new Error("Invalid file path: the vault root.");
		if (this.exists(target)) throw new Error("File already exists.");
		this.addFolders(parentFolder(target));
		const time = this.now();
		this.files.set(target, { content, bytes: null, size: utf8ByteLength(content), ctime: time, mtime: time });
		this.resolverCache = null;
		this.trigger("create", fileItem(target));
		this.index(target);
		this.relinkAll();
		return this.statOf(target);
	}

	async process(path: string, transform: (current: string) => string): Promise<string> {
		const target = normalizeVaultPath(path);
		const { file, content } = this.textOf(target);
		const next = transform(content);
		if (next === content) return next;
		this.write(target, file, next);
		if (isMarkdown(target)) this.relinkAll();
		return next;
	}

	async processFrontMatter(
		path: string,
		update: (properties: Record<string, unknown>) => void,
	): Promise<{ before: string; after: string }> {
		return processFrontMatterWith((target, transform) => this.process(target, transform), path, update);
	}

	async ensureFolder(path: string): Promise<void> {
		this.addFolders(normalizeVaultPath(path));
	}

	/** As Obsidian's `FileManager.renameFile`: every link to what moved is rewritten, in any note; none is left. */
	async rename(from: string, to: string): Promise<RenameOutcome> {
		const source = normalizeVaultPath(from);
		const target = normalizeVaultPath(to);
		if (!this.exists(source)) throw new Error(`No file or folder at ${source}.`);
		if (source === target) return { linksLeft: [] };
		if (this.exists(target)) throw new Error("Destination file already exists!");
		if (isInFolder(target, source)) throw new Error(`Cannot move ${source} into itself.`);
		const before = this.resolver();
		const notes = [...this.metadata.keys()];
		const moved = this.move(source, target);
		const movedFiles = new Map([...moved].filter(([, now]) => this.files.has(now)));
		const vaultMove = { before, after: this.resolver(), moved: movedFiles };
		for (const oldPath of notes) {
			const newPath = moved.get(oldPath) ?? oldPath;
			const file = this.files.get(newPath);
			const cache = this.metadata.get(newPath);
			if (file?.content == null || cache === undefined) continue;
			const next = rewriteLinks(file.content, cache, { before: oldPath, after: newPath }, vaultMove);
			if (next !== file.content) this.write(newPath, file, next);
		}
		this.relinkAll();
		return { linksLeft: [] };
	}

	/**
	 * Removes a file or folder as `FileManager.trashFile` does: the vault reports a `delete`
	 * for each file and folder (contents first), the metadata cache a `deleted` for each file;
	 * the content is kept in `trashed`.
	 */
	async trash(path: string): Promise<void> {
		const target = normalizeVaultPath(path);
		if (!this.exists(target)) throw new Error(`No file or folder at ${target}.`);
		for (const item of this.itemsUnder(target).reverse()) {
			const file = this.files.get(item.path);
			if (!file) {
				this.folders.delete(item.path);
				this.trigger("delete", item);
				continue;
			}
			const prevCache = isMarkdown(item.path) ? (this.metadata.get(item.path) ?? null) : {};
			this.files.delete(item.path);
			this.metadata.delete(item.path);
			this.trashed.push({ path: item.path, content: file.content });
			this.trigger("delete", item);
			this.trigger("deleted", item, prevCache);
		}
		this.resolverCache = null;
		this.relinkAll();
	}

	getMetadata(path: string): CachedMetadata | null {
		return this.metadata.get(normalizeVaultPath(path)) ?? null;
	}

	resolveLink(linkpath: string, sourcePath: string): string | null {
		return this.resolver().resolve(linkpath, normalizeVaultPath(sourcePath));
	}

	/** How a link from `sourcePath` to `target` is written (`MetadataCache.fileToLinktext`). */
	linktext(target: string, sourcePath: string, keepMdExtension = false): string {
		return this.resolver().linktext(normalizeVaultPath(target), normalizeVaultPath(sourcePath), keepMdExtension);
	}

	private seed(path: string, seed: SeedFile): void {
		const {
			content: given,
			size,
			ctime,
			mtime,
		} = typeof seed === "string" || seed instanceof Uint8Array ? { content: seed } : seed;
		const bytes = given instanceof Uint8Array ? given.slice() : null;
		const content = given instanceof Uint8Array ? lenientUtf8.decode(given) : given;
		const time = this.now();
		this.addFolders(parentFolder(path));
		this.files.set(path, {
			content,
			bytes,
			size: bytes !== null ? bytes.length : content === null ? (size ?? 0) : utf8ByteLength(content),
			ctime: ctime ?? time,
			mtime: mtime ?? time,
		});
	}

	/** Moves `source` and everything under it; reports each move, the item before its contents. */
	private move(source: string, target: string): Map<string, string> {
		this.addFolders(parentFolder(target));
		const items = this.itemsUnder(source);
		const renamed = (path: string) => `${target}${path.slice(source.length)}`;
		for (const { kind, path } of items) {
			if (kind === "folder") {
				this.folders.delete(path);
				this.folders.add(renamed(path));
				continue;
			}
			const file = this.files.get(path);
			const cache = this.metadata.get(path);
			this.files.delete(path);
			this.metadata.delete(path);
			if (file) this.files.set(renamed(path), file);
			if (cache && isMarkdown(renamed(path))) this.metadata.set(renamed(path), cache);
		}
		this.resolverCache = null;
		for (const { kind, path } of items) this.trigger("rename", { kind, path: renamed(path) }, path);
		// A file that became a note by its new extension is indexed now.
		for (const { kind, path } of items)
			if (kind === "file" && !this.metadata.has(renamed(path))) this.index(renamed(path));
		return new Map(items.map(({ path }) => [path, renamed(path)]));
	}

	/** `folder` (a file or folder) and everything under it, each before its contents. */
	private itemsUnder(folder: string): VaultItem[] {
		const folders = [...this.folders].filter((path) => isInFolder(path, folder));
		const files = [...this.files.keys()].filter((path) => isInFolder(path, folder));
		return [...folders.map((path): VaultItem => ({ kind: "folder", path })), ...files.map(fileItem)].sort((a, b) =>
			a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
		);
	}

	/** Creates `folder` and its missing parents, reporting each, outermost first. */
	private addFolders(folder: string): void {
		if (folder === "" || folder === "/" || this.folders.has(folder)) return;
		if (this.files.has(folder)) throw new Error(`A file is in the way of folder ${folder}.`);
		this.addFolders(parentFolder(folder));
		this.folders.add(folder);
		this.trigger("create", { kind: "folder", path: folder });
	}

	private write(path: string, file: StoredFile, content: string): void {
		file.content = content;
		file.bytes = null;
		file.size = utf8ByteLength(content);
		file.mtime = this.now();
		this.trigger("modify", fileItem(path));
		this.index(path);
	}

	/** Parses a note into the cache and reports it (`changed`); other files have no metadata. */
	private index(path: string): void {
		const content = this.files.get(path)?.content;
		if (!isMarkdown(path) || content == null) return;
		const cache = this.parse(content);
		this.metadata.set(path, cache);
		this.trigger("changed", fileItem(path), content, cache);
	}

	/** Recomputes both link maps from scratch, then reports `resolved`. */
	private relinkAll(): void {
		for (const path of Object.keys(this.resolvedLinks)) delete this.resolvedLinks[path];
		for (const path of Object.keys(this.unresolvedLinks)) delete this.unresolvedLinks[path];
		const resolver = this.resolver();
		for (const [path, cache] of this.metadata) {
			const { resolved, unresolved } = countLinks(path, cache, resolver);
			this.resolvedLinks[path] = resolved;
			this.unresolvedLinks[path] = unresolved;
		}
		this.trigger("resolved");
	}

	private resolver(): LinkResolver {
		this.resolverCache ??= new LinkResolver(this.files.keys());
		return this.resolverCache;
	}

	private exists(path: string): boolean {
		return this.files.has(path) || this.folders.has(path);
	}

	private textOf(path: string): { file: StoredFile; content: string } {
		const file = this.files.get(path);
		if (!file) throw new Error(`File not found: ${path}`);
		if (file.content === null) throw new Error(`Not a text file: ${path}`);
		return { file, content: file.content };
	}

	private statOf(path: string): FileStat {
		const file = this.files.get(path);
		if (!file) throw new Error(`File not found: ${path}`);
		return { path, size: file.size, mtime: file.mtime, ctime: file.ctime };
	}
}
