import { promises as fs, type Stats } from "node:fs";
import * as nodePath from "node:path";
import { appendDurably, readFileNoFollow, replaceFileAtomically } from "../../headless/vault/atomicFile";
import { assertNoSymlinkBelow, makeFolderBelow } from "../../headless/vault/noSymlinks";
import { parentFolder } from "../../src/core/vault/paths";

/** A vault path the page sent: relative, `/`-separated, no `.` or `..` segment, no NUL or backslash. */
function checkVaultPath(path: string): string {
	const segments = path.split("/");
	const bad =
		path === "" ||
		path.includes("\0") ||
		path.includes("\\") ||
		segments.some((part) => part === "" || part === "." || part === "..");
	if (bad) throw new PathOutsideVault(path);
	return path;
}

export class PathOutsideVault extends Error {
	constructor(path: string) {
		super(`Not a path inside the vault: ${JSON.stringify(path)}`);
	}
}

/** A move onto a path that something on disk already holds. */
export class PathTaken extends Error {
	constructor(path: string) {
		super(`Something is already at ${JSON.stringify(path)}`);
	}
}

export interface VaultListing {
	/** Every note and text file, with its text and times, config folder and dot-folders aside. */
	readonly files: readonly {
		readonly path: string;
		readonly content: string;
		readonly ctime: number;
		readonly mtime: number;
	}[];
	readonly folders: readonly string[];
	/** Every file of the config folder, as text (the plugin's `data.json`, its last good copy and logs, core plugins' settings). */
	readonly config: Readonly<Record<string, string>>;
}

const TEXT_EXTENSIONS = new Set(["md", "canvas", "base", "txt", "json", "csv", "jsonl"]);

/**
 * The sandbox's vault on disk (a temporary copy of the example vault): listed, read, written,
 * renamed and deleted by vault path, each write atomic (a temporary file flushed, then renamed
 * over the old one). A path that is not a plain vault path is refused with `PathOutsideVault`; one
 * that is or passes through a symbolic link, wherever it points, with `UnsafePathError`.
 */
export class VaultFolder {
	private constructor(
		readonly root: string,
		readonly configDir: string,
	) {}

	static async open(root: string, configDir = ".obsidian"): Promise<VaultFolder> {
		return new VaultFolder(await fs.realpath(root), configDir);
	}

	async list(): Promise<VaultListing> {
		const files: { path: string; content: string; ctime: number; mtime: number }[] = [];
		const folders: string[] = [];
		const config: Record<string, string> = {};
		const walk = async (folder: string, inConfig: boolean): Promise<void> => {
			for (const entry of await fs.readdir(nodePath.join(this.root, folder), { withFileTypes: true })) {
				const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
				const isConfig = inConfig || path === this.configDir;
				// Obsidian shows no dot-folder (`.git`, `.trash`) but its own config folder, which it reads.
				if (entry.name.startsWith(".") && !isConfig) continue;
				if (entry.isDirectory()) {
					if (!isConfig) folders.push(path);
					await walk(path, isConfig);
				} else if (entry.isFile() && (isConfig || TEXT_EXTENSIONS.has(nodePath.extname(entry.name).slice(1)))) {
					const full = nodePath.join(this.root, path);
					const content = await fs.readFile(full, "utf8");
					if (isConfig) config[path] = content;
					else {
						const stat = await fs.stat(full);
						files.push({ path, content, ctime: stat.birthtimeMs || stat.ctimeMs, mtime: stat.mtimeMs });
					}
				}
			}
		};
		await walk("", false);
		return { files, folders, config };
	}

	async read(path: string): Promise<string> {
		return readFileNoFollow(this.inside(path)).toString("utf8");
	}

	async write(path: string, content: string): Promise<void> {
		const relative = this.relative(path);
		makeFolderBelow(this.root, parentFolder(relative));
		replaceFileAtomically(nodePath.join(this.root, relative), content);
	}

	/** Appends `text` to the file (made when missing), as Obsidian's adapter does for the plugin's logs. */
	async append(path: string, text: string): Promise<void> {
		const relative = this.relative(path);
		makeFolderBelow(this.root, parentFolder(relative));
		appendDurably(nodePath.join(this.root, relative), text);
	}

	async mkdir(path: string): Promise<void> {
		makeFolderBelow(this.root, this.relative(path));
	}

	/**
	 * Moves a file or folder, never over anything (`PathTaken`): the page knows the vault as it
	 * was listed, and a file made on disk since would be lost. The page reports the move of a
	 * folder's contents after the folder's own, which has moved them already: a source gone and a
	 * target there is that, and is done.
	 */
	async rename(from: string, to: string): Promise<void> {
		const source = this.inside(from);
		const target = this.inside(to);
		const [was, there] = await Promise.all([entryAt(source), entryAt(target)]);
		if (was === null && there !== null) return;
		// The same entry under another case of its name (a case-insensitive disk) is a rename, not a clash.
		if (there !== null && !(was !== null && was.ino === there.ino && was.dev === there.dev)) throw new PathTaken(to);
		makeFolderBelow(this.root, parentFolder(checkVaultPath(to)));
		await fs.rename(source, target);
	}

	/** Removes a file, or a folder once empty (its files are reported removed first). */
	async remove(path: string): Promise<void> {
		const full = this.inside(path);
		const stat = await fs.lstat(full).catch(() => null);
		if (stat === null) return;
		if (stat.isDirectory()) await fs.rmdir(full);
		else await fs.rm(full);
	}

	/** The absolute path for `vaultPath`, once it is known to be a plain vault path reached through no symbolic link. */
	private inside(vaultPath: string): string {
		return nodePath.join(this.root, this.relative(vaultPath));
	}

	private relative(vaultPath: string): string {
		const relative = checkVaultPath(vaultPath);
		assertNoSymlinkBelow(this.root, relative);
		return relative;
	}
}

/** The entry at `full` itself (a link is not followed), `null` when there is none. */
async function entryAt(full: string): Promise<Stats | null> {
	return fs.lstat(full).catch(() => null);
}
