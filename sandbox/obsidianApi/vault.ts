import { parentFolder } from "../../src/core/vault/paths";
import type { MemoryVault } from "../../headless/inMemory/memoryVault";
import type { VaultItem } from "../../headless/inMemory/vaultEvents";
import type { CallLog } from "./callLog";
import { Events } from "./component";
import { DataAdapter } from "./dataAdapter";
import { FileTree } from "./fileTree";
import { TFile, TFolder, type TAbstractFile } from "./files";
import { requireNormalized } from "./paths";

/**
 * Obsidian's `Vault` over a `MemoryVault`: the same files, the same events (re-emitted with
 * `TFile`/`TFolder` objects), every call counted in the app's `CallLog`.
 */
export class Vault extends Events {
	readonly configDir: string;
	readonly adapter: DataAdapter;
	private readonly tree: FileTree;

	constructor(
		readonly memory: MemoryVault,
		private readonly calls: CallLog,
	) {
		super();
		this.configDir = memory.configDir;
		this.adapter = new DataAdapter(memory, calls);
		this.tree = new FileTree(this, memory);
		memory.on("create", (item) => this.trigger("create", this.tree.add(item)));
		memory.on("modify", (item) => this.trigger("modify", this.tree.refresh(item)));
		memory.on("delete", (item) => this.trigger("delete", this.tree.remove(item)));
		memory.on("rename", (item, oldPath) => this.trigger("rename", this.tree.rename(item, oldPath), oldPath));
	}

	/** The vault's name, as Obsidian shows it in the vault switcher. */
	getName(): string {
		return "Mock vault";
	}

	/** The object behind an item the memory vault reports, for the metadata cache (not counted). */
	objectOf(item: VaultItem): TAbstractFile {
		return this.tree.objectOf(item);
	}

	getRoot(): TFolder {
		this.calls.record("vault.getRoot");
		return this.tree.root;
	}

	getAbstractFileByPath(path: string): TAbstractFile | null {
		this.calls.record("vault.getAbstractFileByPath");
		return this.tree.get(path);
	}

	getFileByPath(path: string): TFile | null {
		this.calls.record("vault.getFileByPath");
		const item = this.tree.get(path);
		return item instanceof TFile ? item : null;
	}

	getFolderByPath(path: string): TFolder | null {
		this.calls.record("vault.getFolderByPath");
		const item = this.tree.get(path);
		return item instanceof TFolder ? item : null;
	}

	getAllLoadedFiles(): TAbstractFile[] {
		this.calls.record("vault.getAllLoadedFiles");
		return this.tree.all();
	}

	getFiles(): TFile[] {
		this.calls.record("vault.getFiles");
		return this.tree.all().filter((item): item is TFile => item instanceof TFile);
	}

	getMarkdownFiles(): TFile[] {
		this.calls.record("vault.getMarkdownFiles");
		return this.tree.all().filter((item): item is TFile => item instanceof TFile && item.extension === "md");
	}

	async read(file: TFile): Promise<string> {
		this.calls.record("vault.read");
		return this.memory.read(file.path);
	}

	async cachedRead(file: TFile): Promise<string> {
		this.calls.record("vault.cachedRead");
		return this.memory.read(file.path);
	}

	async readBinary(file: TFile): Promise<ArrayBuffer> {
		this.calls.record("vault.readBinary");
		const bytes = await this.memory.readBinary(file.path);
		return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
	}

	async create(path: string, data: string): Promise<TFile> {
		this.calls.record("vault.create");
		requireNormalized(path);
		if (this.tree.get(path)) throw new Error("File already exists.");
		this.requireParent(path);
		await this.memory.create(path, data);
		const file = this.tree.get(path);
		if (!(file instanceof TFile)) throw new Error(`The mock lost track of ${path}.`);
		return file;
	}

	async createFolder(path: string): Promise<TFolder> {
		this.calls.record("vault.createFolder");
		requireNormalized(path);
		if (this.tree.get(path)) throw new Error("Folder already exists.");
		await this.memory.ensureFolder(path);
		const folder = this.tree.get(path);
		if (!(folder instanceof TFolder)) throw new Error(`The mock lost track of ${path}.`);
		return folder;
	}

	async process(file: TFile, fn: (data: string) => string): Promise<string> {
		this.calls.record("vault.process");
		return this.memory.process(file.path, fn);
	}

	async modify(file: TFile, data: string): Promise<void> {
		this.calls.record("vault.modify");
		await this.memory.process(file.path, () => data);
	}

	/**
	 * Obsidian writes through the file system, which does not make missing folders on every
	 * platform; the mock insists on the parent so that callers make it first.
	 */
	requireParent(path: string): void {
		if (!(this.tree.get(parentFolder(path) || "/") instanceof TFolder)) {
			throw new Error(`ENOENT: no such file or directory, parent folder of '${path}'`);
		}
	}
}
