import { promises as fs } from "node:fs";
import * as nodePath from "node:path";

/** A vault path the page sent: relative, `/`-separated, no `.` or `..` segment, no NUL or backslash. */
function checkVaultPath(path: string): string {
	const segments = path.split("/");
	const bad = path === "" || path.includes("\0") || path.includes("\\") || segments.some((part) => part === "" || part === "." || part === "..");
	if (bad) throw new PathOutsideVault(path);
	return path;
}

export class PathOutsideVault extends Error {
	constructor(path: string) {
		super(`Not a path inside the vault: ${JSON.stringify(path)}`);
	}
}

export interface VaultListing {
	/** Every note and text file, with its text and times, config folder and dot-folders aside. */
	readonly files: readonly { readonly path: string; readonly content: string; readonly ctime: number; readonly mtime: number }[];
	readonly folders: readonly string[];
	/** The text files of the config folder (the plugin's `data.json`, core plugins' settings). */
	readonly config: Readonly<Record<string, string>>;
}

const TEXT_EXTENSIONS = new Set(["md", "canvas", "base", "txt", "json", "csv", "jsonl"]);

/**
 * The sandbox's vault on disk (a temporary copy of the example vault): listed, read, written,
 * renamed and deleted by vault path. Every path must stay inside the folder, symbolic links
 * resolved: anything else is refused with `PathOutsideVault`.
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
				} else if (entry.isFile() && TEXT_EXTENSIONS.has(nodePath.extname(entry.name).slice(1))) {
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
		return fs.readFile(await this.inside(path), "utf8");
	}

	async write(path: string, content: string): Promise<void> {
		const full = await this.inside(path);
		await fs.mkdir(nodePath.dirname(full), { recursive: true });
		await fs.writeFile(full, content, "utf8");
	}

	async mkdir(path: string): Promise<void> {
		await fs.mkdir(await this.inside(path), { recursive: true });
	}

	/**
	 * Moves a file or folder. The page reports the move of a folder's contents after the folder's
	 * own, which has moved them already: a source gone and a target there is that, and is done.
	 */
	async rename(from: string, to: string): Promise<void> {
		const source = await this.inside(from);
		const target = await this.inside(to);
		if (!(await exists(source)) && (await exists(target))) return;
		await fs.mkdir(nodePath.dirname(target), { recursive: true });
		await fs.rename(source, target);
	}

	/** Removes a file, or a folder once empty (its files are reported removed first). */
	async remove(path: string): Promise<void> {
		const full = await this.inside(path);
		const stat = await fs.stat(full).catch(() => null);
		if (stat === null) return;
		if (stat.isDirectory()) await fs.rmdir(full);
		else await fs.rm(full);
	}

	/**
	 * The absolute path for `vaultPath`, once the nearest part of it on disk is known to be
	 * inside the root with symbolic links resolved.
	 */
	private async inside(vaultPath: string): Promise<string> {
		const full = nodePath.join(this.root, checkVaultPath(vaultPath));
		let existing = full;
		while (!(await exists(existing))) existing = nodePath.dirname(existing);
		const real = await fs.realpath(existing).catch(() => null);
		const relative = real === null ? ".." : nodePath.relative(this.root, real);
		if (relative === ".." || relative.startsWith(`..${nodePath.sep}`) || nodePath.isAbsolute(relative)) throw new PathOutsideVault(vaultPath);
		return full;
	}
}

async function exists(full: string): Promise<boolean> {
	return fs.lstat(full).then(
		() => true,
		() => false,
	);
}
