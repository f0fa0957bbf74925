import { isInFolder } from "../../src/core/vault/paths";
import type { MemoryVault } from "../../headless/inMemory/memoryVault";
import type { CallLog } from "./callLog";
import { requireNormalized } from "./paths";

/** A change to a hidden file, as a host that keeps those files on disk too (the sandbox) needs it. */
export type HiddenChange =
	| { readonly kind: "write"; readonly path: string; readonly content: string }
	| { readonly kind: "append"; readonly path: string; readonly text: string }
	| { readonly kind: "mkdir"; readonly path: string }
	| { readonly kind: "remove"; readonly path: string }
	| { readonly kind: "rename"; readonly from: string; readonly to: string };

/**
 * `Vault.adapter`: raw file access. Paths in the config folder or any dot-folder (plugin data,
 * logs) live in `hidden`, outside the vault's notes, as Obsidian keeps them out of its file
 * list; any other path goes to the vault, so its events fire as Obsidian's watcher fires them.
 */
export class DataAdapter {
	/** Hidden files by path: what the plugin keeps under the config folder. */
	readonly hidden = new Map<string, string>();
	private readonly hiddenFolders = new Set<string>();
	private readonly hiddenListeners: ((change: HiddenChange) => void)[] = [];

	constructor(
		private readonly memory: MemoryVault,
		private readonly calls: CallLog,
	) {}

	/** Calls `listener` after each change the adapter makes to a hidden file or folder, in order. */
	onHiddenChange(listener: (change: HiddenChange) => void): void {
		this.hiddenListeners.push(listener);
	}

	getName(): string {
		return "Memory vault";
	}

	async exists(path: string): Promise<boolean> {
		this.calls.record("vault.adapter.exists");
		if (!this.isHidden(requireNormalized(path))) return this.memory.stat(path) !== null || this.memory.isFolder(path);
		return (
			this.hidden.has(path) ||
			this.hiddenFolders.has(path) ||
			[...this.hidden.keys()].some((file) => isInFolder(file, path))
		);
	}

	async read(path: string): Promise<string> {
		this.calls.record("vault.adapter.read");
		if (!this.isHidden(requireNormalized(path))) return this.memory.read(path);
		const content = this.hidden.get(path);
		if (content === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
		return content;
	}

	async write(path: string, data: string): Promise<void> {
		this.calls.record("vault.adapter.write");
		await this.put(requireNormalized(path), () => data, { kind: "write", path, content: data });
	}

	async append(path: string, data: string): Promise<void> {
		this.calls.record("vault.adapter.append");
		await this.put(requireNormalized(path), (current) => current + data, { kind: "append", path, text: data });
	}

	async mkdir(path: string): Promise<void> {
		this.calls.record("vault.adapter.mkdir");
		if (!this.isHidden(requireNormalized(path))) return this.memory.ensureFolder(path);
		this.hiddenFolders.add(path);
		this.told({ kind: "mkdir", path });
	}

	async remove(path: string): Promise<void> {
		this.calls.record("vault.adapter.remove");
		if (!this.isHidden(requireNormalized(path))) return this.memory.trash(path);
		this.hidden.delete(path);
		this.told({ kind: "remove", path });
	}

	/** Like Obsidian's: moves a file, and refuses to replace one that exists. Hidden files only; notes move through the vault. */
	async rename(path: string, newPath: string): Promise<void> {
		this.calls.record("vault.adapter.rename");
		const content = this.hidden.get(requireNormalized(path));
		if (content === undefined || !this.isHidden(requireNormalized(newPath)))
			throw new Error(`ENOENT: no such hidden file, rename '${path}'`);
		if (this.hidden.has(newPath)) throw new Error("Destination file already exists!");
		this.hidden.delete(path);
		this.hidden.set(newPath, content);
		this.told({ kind: "rename", from: path, to: newPath });
	}

	private async put(path: string, next: (current: string) => string, change: HiddenChange): Promise<void> {
		if (this.isHidden(path)) {
			this.hidden.set(path, next(this.hidden.get(path) ?? ""));
			this.told(change);
		} else if (this.memory.stat(path)) await this.memory.process(path, next);
		else await this.memory.create(path, next(""));
	}

	private told(change: HiddenChange): void {
		for (const listener of this.hiddenListeners) listener(change);
	}

	private isHidden(path: string): boolean {
		return isInFolder(path, this.memory.configDir) || path.split("/").some((segment) => segment.startsWith("."));
	}
}
