import type { FileStat, NoteStore } from "../../src/core/ports";
import { normalizeVaultPath, parentFolder } from "../../src/core/vault/paths";

interface StoredFile {
	content: string;
	ctime: number;
	mtime: number;
}

export interface MemoryVaultOptions {
	configDir?: string;
	files?: Record<string, string>;
	/** Milliseconds since the epoch for file times; a fixed clock keeps tests repeatable. */
	now?: () => number;
}

const encoder = new TextEncoder();

/**
 * An in-memory vault that follows Obsidian's observable rules for the `NoteStore` port:
 * normalized paths, `create` failing on an existing path, atomic `process`, folder renames that
 * carry their contents.
 */
export class MemoryVault implements NoteStore {
	readonly configDir: string;
	private readonly files = new Map<string, StoredFile>();
	private readonly folders = new Set<string>();
	private readonly now: () => number;

	constructor(options: MemoryVaultOptions = {}) {
		this.configDir = options.configDir ?? ".obsidian";
		this.now = options.now ?? (() => Date.UTC(2026, 0, 1));
		for (const [path, content] of Object.entries(options.files ?? {})) {
			this.put(normalizeVaultPath(path), content);
		}
	}

	listFiles(): FileStat[] {
		return [...this.files.keys()].map((path) => this.statOf(path));
	}

	listFolders(): string[] {
		return [...this.folders];
	}

	stat(path: string): FileStat | null {
		const normalized = normalizeVaultPath(path);
		return this.files.has(normalized) ? this.statOf(normalized) : null;
	}

	isFolder(path: string): boolean {
		return this.folders.has(normalizeVaultPath(path));
	}

	async read(path: string): Promise<string> {
		return this.fileAt(normalizeVaultPath(path)).content;
	}

	async create(path: string, content: string): Promise<FileStat> {
		const normalized = normalizeVaultPath(path);
		if (this.files.has(normalized) || this.folders.has(normalized)) {
			throw new Error("File already exists.");
		}
		this.put(normalized, content);
		return this.statOf(normalized);
	}

	async process(path: string, transform: (current: string) => string): Promise<string> {
		const file = this.fileAt(normalizeVaultPath(path));
		const next = transform(file.content);
		if (next !== file.content) {
			file.content = next;
			file.mtime = this.now();
		}
		return next;
	}

	async ensureFolder(path: string): Promise<void> {
		this.addFolderChain(normalizeVaultPath(path));
	}

	async rename(from: string, to: string): Promise<void> {
		const source = normalizeVaultPath(from);
		const target = normalizeVaultPath(to);
		if (this.files.has(target) || this.folders.has(target)) {
			throw new Error("Destination file already exists!");
		}
		if (this.files.has(source)) {
			const file = this.fileAt(source);
			this.files.delete(source);
			this.addFolderChain(parentFolder(target));
			this.files.set(target, file);
			return;
		}
		if (!this.folders.has(source)) throw new Error(`No file or folder at ${source}.`);
		const moved = (path: string) => `${target}${path.slice(source.length)}`;
		for (const folder of [...this.folders].filter((f) => f === source || f.startsWith(`${source}/`))) {
			this.folders.delete(folder);
			this.folders.add(moved(folder));
		}
		for (const [path, file] of [...this.files].filter(([p]) => p.startsWith(`${source}/`))) {
			this.files.delete(path);
			this.files.set(moved(path), file);
		}
		this.addFolderChain(parentFolder(target));
	}

	private put(path: string, content: string): void {
		this.addFolderChain(parentFolder(path));
		const time = this.now();
		this.files.set(path, { content, ctime: time, mtime: time });
	}

	private addFolderChain(folder: string): void {
		for (let current = folder; current !== "" && current !== "/"; current = parentFolder(current)) {
			this.folders.add(current);
		}
	}

	private fileAt(path: string): StoredFile {
		const file = this.files.get(path);
		if (!file) throw new Error(`File not found: ${path}`);
		return file;
	}

	private statOf(path: string): FileStat {
		const file = this.fileAt(path);
		return { path, size: encoder.encode(file.content).length, mtime: file.mtime, ctime: file.ctime };
	}
}
