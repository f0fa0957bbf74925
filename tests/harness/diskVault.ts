import { promises as fs } from "node:fs";
import * as nodePath from "node:path";
import { extensionOf, fileName, isInFolder, parentFolder } from "../../src/core/vault/paths";
import { MemoryVault, type MemoryVaultOptions, type SeedFile } from "./memoryVault";
import type { VaultItem } from "./vaultEvents";

/** Files read as text and parsed; anything else is listed by its size and never read. */
const TEXT_EXTENSIONS = new Set(["md", "canvas", "base", "txt", "json", "csv"]);

/** What `flush` will do to the folder, in order. */
export type DiskChange =
	| { readonly kind: "mkdir" | "trash" | "rmdir" | "write"; readonly path: string }
	| { readonly kind: "move"; readonly path: string; readonly to: string };

/**
 * A vault folder on disk, loaded into a `MemoryVault` for the command line and benchmarks.
 * Changes stay in memory until `flush`, which replays them on disk in the order they happened:
 * folders made, files and folders moved, removed files moved to `.trash/` (Obsidian's vault
 * trash; nothing is ever deleted), then the text of every created or modified file written.
 * Every path written is checked to stay inside the folder, symbolic links included.
 */
export class DiskVault {
	private readonly structural: DiskChange[] = [];
	/** Files whose text is to be written, by their current path. */
	private readonly dirty = new Set<string>();
	/** The last folder move, whose contents' rename events need no move of their own. */
	private lastFolderMove: { from: string; to: string } | null = null;

	private constructor(
		readonly root: string,
		readonly vault: MemoryVault,
	) {
		vault.on("create", (item) => this.created(item));
		vault.on("modify", (item) => this.dirty.add(item.path));
		vault.on("rename", (item, oldPath) => this.renamed(item, oldPath));
		vault.on("delete", (item) => this.deleted(item));
	}

	/** Loads every file under `root` except the config folder and dot-folders (`.git`, `.trash`). */
	static async load(root: string, options: Omit<MemoryVaultOptions, "files" | "folders"> = {}): Promise<DiskVault> {
		const realRoot = await fs.realpath(root);
		const configDir = options.configDir ?? ".obsidian";
		const files: Record<string, SeedFile> = {};
		const folders: string[] = [];
		const walk = async (folder: string): Promise<void> => {
			for (const entry of await fs.readdir(nodePath.join(realRoot, folder), { withFileTypes: true })) {
				const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
				if (entry.name.startsWith(".") || path === configDir) continue;
				// Symbolic links are not followed: one could lead out of the folder.
				if (entry.isDirectory()) {
					folders.push(path);
					await walk(path);
				} else if (entry.isFile()) {
					files[path] = await readSeed(nodePath.join(realRoot, path));
				}
			}
		};
		await walk("");
		return new DiskVault(realRoot, new MemoryVault({ ...options, files, folders }));
	}

	/** The changes `flush` would make now (a dry run). */
	pendingChanges(): DiskChange[] {
		return [...this.structural, ...[...this.dirty].map((path): DiskChange => ({ kind: "write", path }))];
	}

	/** Applies the pending changes; one that fails stays pending with those after it. */
	async flush(): Promise<void> {
		for (let change = this.structural[0]; change !== undefined; change = this.structural[0]) {
			await this.apply(change);
			this.structural.shift();
		}
		for (const path of [...this.dirty]) {
			const full = await this.writablePath(path);
			await fs.writeFile(full, await this.vault.read(path), "utf8");
			this.dirty.delete(path);
		}
	}

	private created(item: VaultItem): void {
		this.lastFolderMove = null;
		if (item.kind === "folder") this.structural.push({ kind: "mkdir", path: item.path });
		else this.dirty.add(item.path);
	}

	private renamed(item: VaultItem, oldPath: string): void {
		if (this.dirty.delete(oldPath)) this.dirty.add(item.path);
		const move = this.lastFolderMove;
		const carried = move !== null && isInFolder(oldPath, move.from) && item.path === move.to + oldPath.slice(move.from.length);
		if (carried) return;
		this.lastFolderMove = item.kind === "folder" ? { from: oldPath, to: item.path } : null;
		this.structural.push({ kind: "move", path: oldPath, to: item.path });
	}

	private deleted(item: VaultItem): void {
		this.lastFolderMove = null;
		this.dirty.delete(item.path);
		this.structural.push({ kind: item.kind === "folder" ? "rmdir" : "trash", path: item.path });
	}

	/**
	 * One structural change. A source that is not on disk was created after loading and never
	 * written; its text is written at its final path after the moves.
	 */
	private async apply(change: DiskChange): Promise<void> {
		const full = this.inside(change.path);
		if (change.kind === "mkdir") {
			await this.folderInside(change.path);
		} else if (change.kind === "move") {
			if (await exists(full)) await fs.rename(full, await this.writablePath(change.to));
		} else if (change.kind === "trash") {
			if (await exists(full)) await fs.rename(full, await this.writablePath(await this.trashPathFor(change.path)));
		} else if (change.kind === "rmdir") {
			// Only when empty: anything the vault does not show (dotfiles) stays where it is.
			await fs.rmdir(full).catch(() => undefined);
		}
	}

	/** A free path under `.trash/` for `path`, numbered when an earlier one is there. */
	private async trashPathFor(path: string): Promise<string> {
		const extension = extensionOf(path);
		const stem = extension === "" ? path : path.slice(0, -(extension.length + 1));
		const suffix = extension === "" ? "" : `.${extension}`;
		for (let n = 0; ; n++) {
			const candidate = `.trash/${stem}${n === 0 ? "" : ` ${n}`}${suffix}`;
			if (!(await exists(this.inside(candidate)))) return candidate;
		}
	}

	/** The absolute path to write `vaultPath` at, its folder made. */
	private async writablePath(vaultPath: string): Promise<string> {
		return nodePath.join(await this.folderInside(parentFolder(vaultPath)), fileName(vaultPath));
	}

	/**
	 * Makes the folder `vaultPath` and its parents, once the nearest one on disk is known to be
	 * inside the root with symbolic links resolved, so that no folder is ever made outside it.
	 */
	private async folderInside(vaultPath: string): Promise<string> {
		const full = this.inside(vaultPath);
		let existing = full;
		while (!(await exists(existing))) existing = nodePath.dirname(existing);
		this.inside(nodePath.relative(this.root, await fs.realpath(existing)));
		await fs.mkdir(full, { recursive: true });
		return full;
	}

	/** The absolute path for `vaultPath`; throws when it would leave the root. */
	private inside(vaultPath: string): string {
		const full = nodePath.resolve(this.root, vaultPath);
		const relative = nodePath.relative(this.root, full);
		if (relative === ".." || relative.startsWith(`..${nodePath.sep}`) || nodePath.isAbsolute(relative)) {
			throw new Error(`Refusing to write outside the vault folder: ${vaultPath}`);
		}
		return full;
	}
}

async function readSeed(full: string): Promise<SeedFile> {
	const stat = await fs.stat(full);
	const times = { ctime: stat.birthtimeMs || stat.ctimeMs, mtime: stat.mtimeMs };
	if (!TEXT_EXTENSIONS.has(extensionOf(full))) return { content: null, size: stat.size, ...times };
	// Bytes, not text: a note that is not UTF-8 must stay recognisable as such to the writer.
	return { content: new Uint8Array(await fs.readFile(full)), ...times };
}

async function exists(full: string): Promise<boolean> {
	return fs.access(full).then(
		() => true,
		() => false,
	);
}
