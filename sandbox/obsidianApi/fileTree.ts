import { parentFolder } from "../../src/core/vault/paths";
import type { MemoryVault } from "../../headless/inMemory/memoryVault";
import type { VaultItem } from "../../headless/inMemory/vaultEvents";
import { TFile, TFolder, type TAbstractFile } from "./files";
import type { Vault } from "./vault";

/**
 * The `TFile`/`TFolder` objects of a mocked vault, mirroring a `MemoryVault`: one object per
 * path, the same object before and after a rename, `parent` and `children` kept up to date.
 */
export class FileTree {
	readonly root = new TFolder();
	private readonly items = new Map<string, TAbstractFile>();
	/** Objects of removed items, so that `deleted` reports the object `delete` reported. */
	private readonly removed = new Map<string, TAbstractFile>();

	constructor(
		private readonly vault: Vault,
		private readonly memory: MemoryVault,
	) {
		this.root.vault = vault;
		this.root.setPath("/");
		this.items.set("/", this.root);
		for (const path of memory.listFolders().sort()) this.add({ kind: "folder", path });
		for (const { path } of memory.listFiles()) this.add({ kind: "file", path });
	}

	get(path: string): TAbstractFile | null {
		return this.items.get(path) ?? null;
	}

	/** Every file and folder, the root included (`Vault.getAllLoadedFiles`). */
	all(): TAbstractFile[] {
		return [...this.items.values()];
	}

	/** The object for an item an event reports, live or just removed. */
	objectOf(item: VaultItem): TAbstractFile {
		const object = this.items.get(item.path) ?? this.removed.get(item.path);
		if (!object) throw new Error(`The mock lost track of ${item.path}.`);
		return object;
	}

	add(item: VaultItem): TAbstractFile {
		const object = item.kind === "folder" ? new TFolder() : new TFile();
		object.vault = this.vault;
		object.setPath(item.path);
		this.items.set(item.path, object);
		this.attach(object);
		return this.refresh(item);
	}

	/** Updates a file's `stat` from the vault after a write. */
	refresh(item: VaultItem): TAbstractFile {
		const object = this.objectOf(item);
		const stat = this.memory.stat(item.path);
		if (object instanceof TFile && stat) object.stat = { ctime: stat.ctime, mtime: stat.mtime, size: stat.size };
		return object;
	}

	remove(item: VaultItem): TAbstractFile {
		const object = this.objectOf(item);
		this.items.delete(item.path);
		this.removed.set(item.path, object);
		this.detach(object);
		return object;
	}

	rename(item: VaultItem, oldPath: string): TAbstractFile {
		const object = this.objectOf({ kind: item.kind, path: oldPath });
		this.items.delete(oldPath);
		this.detach(object);
		object.setPath(item.path);
		this.items.set(item.path, object);
		this.attach(object);
		return object;
	}

	private attach(object: TAbstractFile): void {
		const parent = this.items.get(parentFolder(object.path) || "/");
		if (!(parent instanceof TFolder)) throw new Error(`No folder for ${object.path}.`);
		object.parent = parent;
		if (!parent.children.includes(object)) parent.children.push(object);
	}

	private detach(object: TAbstractFile): void {
		if (object.parent) object.parent.children = object.parent.children.filter((child) => child !== object);
		object.parent = null;
	}
}
