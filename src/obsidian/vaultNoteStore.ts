import { normalizePath, TFile, TFolder, type App, type TAbstractFile } from "obsidian";
import type { FileStat, NoteStore, RenameOutcome } from "../core/ports";
import { WriteRefusedError } from "../core/vault/auditedWriter";
import { isInFolder, parentFolder } from "../core/vault/paths";
import { plainTextOf } from "../core/vault/plainText";
import { lookupPath } from "./metadataSource";

/**
 * The `NoteStore` port over Obsidian's Vault API. Paths are normalized here because the
 * vault's lookups are exact. Parent folders are made before `create` and `rename`, which do not
 * make them on every platform. Moves go through `FileManager.renameFile`, so links follow the
 * user's "Automatically update internal links" setting.
 */
export class ObsidianNoteStore implements NoteStore {
	constructor(private readonly app: App) {}

	get configDir(): string {
		return this.app.vault.configDir;
	}

	listFiles(accept?: (path: string) => boolean): FileStat[] {
		const files = this.app.vault.getFiles();
		return (accept === undefined ? files : files.filter((file) => accept(file.path))).map(statOf);
	}

	filesIn(folder: string): FileStat[] {
		const parent = folder === "" ? this.app.vault.getRoot() : this.app.vault.getFolderByPath(normalizePath(folder));
		return (parent?.children ?? []).filter((child): child is TFile => child instanceof TFile).map(statOf);
	}

	listFolders(): string[] {
		return this.app.vault
			.getAllLoadedFiles()
			.filter((item): item is TFolder => item instanceof TFolder && !item.isRoot())
			.map((folder) => folder.path);
	}

	stat(path: string): FileStat | null {
		const file = this.app.vault.getFileByPath(lookupPath(path));
		return file ? statOf(file) : null;
	}

	isFolder(path: string): boolean {
		return this.app.vault.getFolderByPath(normalizePath(path)) !== null;
	}

	async read(path: string): Promise<string> {
		return this.app.vault.cachedRead(this.fileAt(path));
	}

	async readBinary(path: string): Promise<Uint8Array> {
		return new Uint8Array(await this.app.vault.readBinary(this.fileAt(path)));
	}

	async create(path: string, content: string): Promise<FileStat> {
		const target = normalizePath(path);
		if (this.app.vault.getAbstractFileByPath(target)) throw new Error("File already exists.");
		await this.ensureFolder(parentFolder(target));
		return statOf(await this.app.vault.create(target, content));
	}

	async process(path: string, transform: (current: string) => string): Promise<string> {
		return this.app.vault.process(this.fileAt(path), transform);
	}

	/**
	 * Through Obsidian's own `processFrontMatter`, so that the block is written as Obsidian writes
	 * properties. It does not hand over the text, so the text before is read just before: a write by
	 * another plugin in between would be counted as part of this one.
	 */
	async processFrontMatter(
		path: string,
		update: (properties: Record<string, unknown>) => void,
	): Promise<{ before: string; after: string }> {
		const file = this.fileAt(path);
		const before = await this.app.vault.read(file);
		await this.app.fileManager.processFrontMatter(file, update);
		return { before, after: await this.app.vault.read(file) };
	}

	async ensureFolder(path: string): Promise<void> {
		const target = normalizePath(path);
		if (target === "/" || this.isFolder(target)) return;
		if (this.app.vault.getAbstractFileByPath(target)) throw new Error(`A file is in the way of folder ${target}.`);
		await this.ensureFolder(parentFolder(target));
		try {
			await this.app.vault.createFolder(target);
		} catch (error) {
			// Another write may have made it since we looked; only a missing folder is a failure.
			if (!this.isFolder(target)) throw error;
		}
	}

	/**
	 * Refused (`not-plain-text`) when a note linking to what moves is not plain UTF-8 text:
	 * Obsidian reads such a note with U+FFFD for the other bytes and, to update its link, would
	 * write them back so, for good; it cannot be told to leave one note's links.
	 */
	async rename(from: string, to: string): Promise<RenameOutcome> {
		const item = this.itemAt(from);
		const target = normalizePath(to);
		if (target === item.path) return { linksLeft: [] };
		if (this.app.vault.getAbstractFileByPath(target)) throw new Error("Destination file already exists!");
		for (const source of this.notesLinkingInto(item.path)) {
			if (plainTextOf(await this.readBinary(source)) === null) throw new WriteRefusedError("not-plain-text", source);
		}
		await this.ensureFolder(parentFolder(target));
		await this.app.fileManager.renameFile(item, target);
		return { linksLeft: [] };
	}

	/** The notes with a resolved link to `path` or to a file below it, as the metadata cache has them. */
	private notesLinkingInto(path: string): string[] {
		const linking: string[] = [];
		for (const [source, targets] of Object.entries(this.app.metadataCache.resolvedLinks))
			if (Object.keys(targets).some((linked) => isInFolder(linked, path)) && source !== path) linking.push(source);
		return linking;
	}

	private itemAt(path: string): TAbstractFile {
		const item = this.app.vault.getAbstractFileByPath(normalizePath(path));
		if (!item) throw new Error(`No file or folder at ${normalizePath(path)}.`);
		return item;
	}

	private fileAt(path: string): TFile {
		const file = this.app.vault.getFileByPath(normalizePath(path));
		if (!file) throw new Error(`File not found: ${normalizePath(path)}`);
		return file;
	}
}

function statOf(file: TFile): FileStat {
	return { path: file.path, size: file.stat.size, mtime: file.stat.mtime, ctime: file.stat.ctime };
}
